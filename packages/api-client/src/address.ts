import { z } from 'zod';
import { call, checkRequest } from './http';

/** The one county option; the spec's stored value was another country's name (a defect). */
export const KENYA = 'Kenya';

const digits = /^[0-9]+$/;

/**
 * The shipping address, in the address form's naming end to end.
 * The profile page's labels map as: region = county, town/area = area, phone = phoneNumber.
 */
export const shippingAddressSchema = z.object({
  firstName: z.string().trim().min(1, 'First Name is Required').max(100),
  lastName: z.string().trim().min(1, 'Last Name is Required').max(100),
  county: z.string().trim().min(1, 'County is Required').max(100),
  address: z.string().trim().min(1, 'Address Details are Required').max(300),
  /** Apartment, suite. */
  other: z.string().trim().max(300).optional(),
  area: z.string().trim().min(1, 'Area is Required').max(100),
  /** Digits after the '+ 254' prefix. */
  phoneNumber: z.string().trim().min(1, 'Phone Number is Required').regex(digits, 'Phone Number is Required').max(15),
  additionalNumber: z
    .string()
    .trim()
    .max(15)
    .refine((value) => value === '' || digits.test(value), 'Additional Number must be digits')
    .optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const savedAddressResponseSchema = z.object({ message: z.string(), address: shippingAddressSchema });
export type SavedAddressResponse = z.infer<typeof savedAddressResponseSchema>;

/** One saved address per customer; null until they save one. */
export const addressResponseSchema = z.object({ address: shippingAddressSchema.nullable() });

/** PUT user/add-address: saves (replaces) the customer's shipping address. */
export function saveAddress(address: ShippingAddress): Promise<SavedAddressResponse> {
  const errors = { fallback: 'Error adding address', useServerMessage: true };
  return call({
    method: 'PUT',
    path: 'user/add-address',
    auth: 'required',
    body: checkRequest(shippingAddressSchema, address, errors),
    response: savedAddressResponseSchema,
    errors,
  });
}

/** GET user/get-address: the saved shipping address, or null. */
export const getAddress = async (): Promise<ShippingAddress | null> =>
  (
    await call({
      method: 'GET',
      path: 'user/get-address',
      auth: 'required',
      response: addressResponseSchema,
      errors: { fallback: 'Error getting address' },
    })
  ).address;
