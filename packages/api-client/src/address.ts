import { z } from 'zod';
import { call, checkRequest } from './http';
import { safeText } from './common';

/** The one county option; the spec's stored value was another country's name (a defect). */
export const KENYA = 'Kenya';

const digits = /^[0-9]+$/;

/**
 * The shipping address, in the address form's naming end to end.
 * The profile page's labels map as: region = county, town/area = area, phone = phoneNumber.
 */
export const shippingAddressSchema = z.object({
  firstName: safeText('First name', 100).min(1, 'First Name is Required'),
  lastName: safeText('Last name', 100).min(1, 'Last Name is Required'),
  county: safeText('County', 100).min(1, 'County is Required'),
  address: safeText('Address', 300).min(1, 'Address Details are Required'),
  /** Apartment, suite. */
  other: safeText('Apartment or suite', 300).optional(),
  area: safeText('Area', 100).min(1, 'Area is Required'),
  /** Digits after the '+ 254' prefix. */
  phoneNumber: safeText('Phone number', 15).min(1, 'Phone Number is Required').regex(digits, 'Phone Number is Required'),
  additionalNumber: safeText('Additional number', 15)
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
