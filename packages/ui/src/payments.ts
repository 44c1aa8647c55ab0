// Paying by M-Pesa, apart from the main entry: the form and the payment's progress load only when a customer chooses
// to pay (an order on My Orders, a booking in its confirmation). Shared as its own singleton (tooling/build/shared-libraries.mjs).
export { MpesaPayment, type MpesaPaymentProps } from './payments/mpesa-payment';
