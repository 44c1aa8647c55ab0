import { createDataArea, bookEvent } from '@agri/api-client';

/** The event booking sent from the booking dialog. */
export const useBookingStore = createDataArea('catalog/booking', bookEvent);
