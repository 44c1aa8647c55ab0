import { createDataArea } from '@agri/api-client';
import { getPayments } from '@agri/api-client/staff';

// Read on every visit (everyVisit): a payment waiting on a phone is settled by Safaricom meanwhile.
export const usePaymentsStore = createDataArea('backoffice/payments', getPayments, { everyVisit: true });
