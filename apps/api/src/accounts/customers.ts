import type { Customer, Profile } from '@agri/api-client/contract';
import type { Queryable } from '../db/db';

/** A row of `customers`: the account, its password hash included. */
export interface CustomerRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  password_hash: string;
}

/** The customer as the contract describes them: never the hash. */
export const toCustomer = (row: CustomerRow): Customer => ({
  _id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  email: row.email,
  mobile: row.mobile,
});

export async function customerByEmail(db: Queryable, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE email = $1', [email]);
  return row;
}

export async function customerById(db: Queryable, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
  return row;
}

export async function emailHasAccount(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM customers WHERE email = $1', [email])).length > 0;
}

/** Creates the account, unless one with this email appeared meanwhile (then undefined). */
export async function insertCustomer(db: Queryable, customer: Omit<CustomerRow, 'password_hash'> & { passwordHash: string }): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(
    `INSERT INTO customers (id, firstname, lastname, email, mobile, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING *`,
    [customer.id, customer.firstname, customer.lastname, customer.email, customer.mobile, customer.passwordHash],
  );
  return row;
}

/** Names and mobile; the email changes only through `moveEmail`. */
export async function updateNames(db: Queryable, id: string, profile: Omit<Profile, 'email'>): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>('UPDATE customers SET firstname = $2, lastname = $3, mobile = $4 WHERE id = $1 RETURNING *', [
    id,
    profile.firstname,
    profile.lastname,
    profile.mobile,
  ]);
  return row;
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

/** Gives the account a new email, unless another account has it by now (then undefined). */
export async function moveEmail(db: Queryable, id: string, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db.query<CustomerRow>(
    `UPDATE customers SET email = $2 WHERE id = $1
     AND NOT EXISTS (SELECT 1 FROM customers WHERE email = $2) RETURNING *`,
    [id, email],
  );
  return row;
}
