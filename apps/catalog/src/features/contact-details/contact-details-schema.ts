import { phoneSchema, z } from '@agri/api-client';

/** What the booking and call-request dialogs ask for, with the messages their fields show. */
export const contactDetailsFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is Required'), z.maxLength(200, 'Name is too long')),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is Required')), z.email('Email should be valid.')),
  // The contract's one rule for a phone (0712 345 678, 712-345-678, +254 7…): sent as 2547XXXXXXXX.
  phone: phoneSchema,
  contactMethod: z.enum(['', 'Email', 'WhatsApp']),
});

export type ContactDetailsFormValues = z.infer<typeof contactDetailsFormSchema>;

export const emptyContactDetails: ContactDetailsFormValues = { name: '', email: '', phone: '', contactMethod: '' };
