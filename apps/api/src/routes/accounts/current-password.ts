import type { Context } from 'hono';
import { CURRENT_PASSWORD_WRONG_MESSAGE } from '@agri/api-client/contract';
import type { CustomerRow } from '../../accounts/customers';
import { sourceOf } from '../../http';
import { HttpError } from '../../http-error';
import type { Services } from '../../services';

/**
 * Throws a 400 unless `password` is the customer's, before a signed-in customer changes their email or
 * password. Tries count as logins of this source, so a stolen session cannot guess at the password.
 */
export async function proveCurrentPassword(services: Services, c: Context, customer: CustomerRow, password: string): Promise<void> {
  const source = sourceOf(c, services);
  await services.limits.login.beforeAttempt(source, customer.email);
  if (!(await services.passwords.verify(password, customer.password_hash)).valid) {
    await services.limits.login.failed(source, customer.email);
    throw new HttpError(400, CURRENT_PASSWORD_WRONG_MESSAGE);
  }
}
