import type { StaffPayment } from '@agri/api-client/staff';

export const METHOD_LABELS: Record<StaffPayment['method'], string> = { mpesa: 'M-Pesa', cash: 'Cash', bank: 'Bank transfer' };

/**
 * A payment's state as a badge says it; one closed whose money Safaricom says moved after all says so, for an admin to
 * resolve.
 */
export const stateWords = (payment: StaffPayment) =>
  payment.state === 'pending' ? 'waiting on the phone' : payment.paidAfterClose ? `${payment.state}, paid after it was closed` : payment.state;
