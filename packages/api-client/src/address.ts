import { addressAnswerSchema, type ShippingAddress, shippingAddressSchema } from './contract/address';
import { anyReplySchema, readAnswer } from './contract/reader';
import { call, checkRequest } from './http';

/** PUT user/add-address: saves (replaces) the customer's shipping address; resolves with the address as saved. */
export async function saveAddress(address: ShippingAddress): Promise<ShippingAddress> {
  const errors = { fallback: 'Error adding address', useServerMessage: true };
  const sent = checkRequest(shippingAddressSchema, address, errors);
  // The reply is read only for the address; a server that answers otherwise (a message, the user) stored what was sent.
  const reply = await call({ method: 'PUT', path: 'user/add-address', auth: 'required', body: sent, response: anyReplySchema, errors });
  return readAnswer('PUT user/add-address', addressAnswerSchema, reply).data ?? sent;
}

/** GET user/get-address: the saved shipping address, or null. */
export const getAddress = (): Promise<ShippingAddress | null> =>
  call({
    method: 'GET',
    path: 'user/get-address',
    auth: 'required',
    response: addressAnswerSchema,
    errors: { fallback: 'Error getting address' },
  });
