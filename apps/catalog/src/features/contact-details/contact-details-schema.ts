import { z } from '@agri/api-client';

/** What the booking and call-request dialogs ask for, with the messages their fields show. */
export const contactDetailsFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is Required'), z.maxLength(200, 'Name is too long')),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is Required')), z.email('Email should be valid.')),
  phone: z
    .string()
    .check(z.trim(), z.minLength(1, 'Phone Number is Required'), z.regex(/^[0-9 ]{7,15}$/, 'Phone Number should be digits only, e.g. 712 345 678')),
  contactMethod: z.enum(['', 'Email', 'WhatsApp']),
});

export type ContactDetailsFormValues = z.infer<typeof contactDetailsFormSchema>;

export const emptyContactDetails: ContactDetailsFormValues = { name: '', email: '', phone: '', contactMethod: '' };
