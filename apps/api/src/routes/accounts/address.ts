import { Hono } from 'hono';
import { shippingAddressSchema, type ShippingAddress } from '@agri/api-client/contract';
import { addressOf, saveAddress } from '../../accounts/addresses';
import { answer } from '../../dialect';
import { readBody, requireCustomer, type AuthEnv } from '../../http';
import type { Services } from '../../services';

/** The hosted API keeps a list of addresses per customer, each entry with when it was saved. */
const hostedAddress = (address: ShippingAddress, savedAt: Date) => ({ ...address, updatedAt: new Date(savedAt).toISOString() });

/** The customer's one shipping address: PUT add-address, GET get-address. */
export function addressRoutes(services: Services): Hono<AuthEnv> {
  const { db, config } = services;
  const signedIn = requireCustomer(services);
  return new Hono<AuthEnv>()
    .put('/add-address', signedIn, async (c) => {
      const address = await readBody(c, shippingAddressSchema);
      const savedAt = await saveAddress(db, c.get('customer').id, address);
      return answer(c, config.dialect, { message: 'Address saved successfully', address }, () => [hostedAddress(address, savedAt)]);
    })
    .get('/get-address', signedIn, async (c) => {
      const row = await addressOf(db, c.get('customer').id);
      return answer(c, config.dialect, { address: row?.address ?? null }, () => (row ? [hostedAddress(row.address, row.updated_at)] : []));
    });
}
