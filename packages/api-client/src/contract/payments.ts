import * as z from 'zod/mini';

/*
 * M-Pesa payments (issue 37): what the checkout and the API agree on. Its own entry (`@agri/api-client/payments-contract`),
 * not the contract's index: the pages that do not take a payment carry none of it.
 */

export const MPESA_PHONE_MESSAGE = 'Enter a Safaricom number, such as 0712 345 678';

/**
 * A Safaricom number as a customer types it (07…, 01…, +2547…, 2547…, with spaces or dashes), in the form Daraja
 * takes: 2547XXXXXXXX or 2541XXXXXXXX. Anything else is refused with MPESA_PHONE_MESSAGE.
 */
export function toMpesaPhone(typed: string): string | null {
  const digits = typed.trim().replace(/[\s-]/g, '').replace(/^\+/, '');
  const local = /^0([17]\d{8})$/.exec(digits)?.[1] ?? /^254([17]\d{8})$/.exec(digits)?.[1];
  return local ? `254${local}` : null;
}

export const mpesaPhoneSchema = z.pipe(
  z.string().check(z.refine((typed: string) => toMpesaPhone(typed) !== null, MPESA_PHONE_MESSAGE)),
  z.transform((typed: string) => toMpesaPhone(typed)!),
);

/** A phone number as staff see it on a payment: every digit but the last three hidden. */
export const maskedPhone = (phone: string) => `${'•'.repeat(Math.max(phone.length - 3, 0))}${phone.slice(-3)}`;
