import { bookEvent } from '@agri/api-client';
import { createDataArea } from '../../shared/data-area';

/** The event booking sent from the booking dialog. */
export const useBookingStore = createDataArea(bookEvent);
