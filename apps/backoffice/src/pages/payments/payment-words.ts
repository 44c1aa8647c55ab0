import type { StaffPayment } from '@agri/api-client/staff';

export const METHOD_LABELS: Record<StaffPayment['method'], string> = { mpesa: 'M-Pesa', cash: 'Cash', bank: 'Bank transfer' };

/** A payment's state as a badge says it; a payment that did not go through says why. */
export const stateWords = (payment: StaffPayment) => (payment.state === 'pending' ? 'waiting on the phone' : payment.state);
