import type { ShippingAddress } from '@agri/api-client/contract';
import type { Queryable } from '../db/db';

/** Saves the customer's one address; when it was saved. */
export async function saveAddress(db: Queryable, customerId: string, address: ShippingAddress): Promise<Date> {
  const [row] = await db.query<{ updated_at: Date }>(
    `INSERT INTO addresses (customer_id, address) VALUES ($1, $2)
     ON CONFLICT (customer_id) DO UPDATE SET address = $2, updated_at = now() RETURNING updated_at`,
    [customerId, JSON.stringify(address)],
  );
  return row!.updated_at;
}

export async function addressOf(db: Queryable, customerId: string): Promise<{ address: ShippingAddress; updated_at: Date } | undefined> {
  const [row] = await db.query<{ address: ShippingAddress; updated_at: Date }>('SELECT address, updated_at FROM addresses WHERE customer_id = $1', [
    customerId,
  ]);
  return row;
}
