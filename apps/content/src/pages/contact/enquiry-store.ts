import { sendEnquiry, type Enquiry, type EnquiryRequest } from '@agri/api-client';
import { create } from 'zustand';

interface EnquiryState {
  enquiry: Enquiry | null;
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
  message: string;
  /** Sends the contact form; resolves true when the enquiry was stored. */
  send: (request: EnquiryRequest) => Promise<boolean>;
  reset: () => void;
}

const initialState = { enquiry: null, isLoading: false, isSuccess: false, isError: false, message: '' };

/** The enquiry data area of the spec. */
export const useEnquiryStore = create<EnquiryState>((set) => ({
  ...initialState,
  send: async (request) => {
    set({ isLoading: true, isSuccess: false, isError: false, message: '' });
    try {
      const enquiry = await sendEnquiry(request);
      set({ enquiry, isLoading: false, isSuccess: true });
      return true;
    } catch (error) {
      set({ isLoading: false, isError: true, message: (error as Error).message });
      return false;
    }
  },
  reset: () => set(initialState),
}));
