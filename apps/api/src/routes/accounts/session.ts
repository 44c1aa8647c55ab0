import { Hono, type Context } from 'hono';
import { credentialsSchema } from '@agri/api-client/contract';
import { customerByEmail, customerById, toCustomer } from '../../accounts/customers';
import { upgradeHash } from '../../accounts/passwords';
import { closeEveryDoor } from '../../accounts/secure-account';
import { answer } from '../../dialect';
import { readBody, requireCustomer, sourceOf, type AuthEnv } from '../../http';
import { HttpError, notFound } from '../../http-error';
import type { Services } from '../../services';

/** Log in (POST login), who am I (GET getuser), log out (GET logout) and log out everywhere (POST logout-everywhere). */
export function sessionRoutes(services: Services): Hono<AuthEnv> {
  const { db, sessions, limits, config, passwords } = services;
  const signedIn = requireCustomer(services);

  async function login(c: Context) {
    const credentials = await readBody(c, credentialsSchema);
    const email = credentials.email.toLowerCase();
    const source = sourceOf(c, services);
    // Before the password is checked (see login-limits.ts): refused for this source, or slowed for everyone.
    await limits.login.beforeAttempt(source, email);
    const row = await customerByEmail(db, email);
    const { valid, rehash } = await passwords.verify(credentials.password, row?.password_hash ?? (await passwords.dummy()));
    if (!row || !valid) {
      await limits.login.failed(source, email);
      throw new HttpError(401, 'Invalid email or password');
    }
    if (rehash) await upgradeHash(db, passwords, 'customers', row, credentials.password);
    return answer(c, config.dialect, { ...toCustomer(row), token: await sessions.issue(db, row.id) });
  }

  return new Hono<AuthEnv>()
    .post('/login', login)
    .get('/getuser', signedIn, async (c) => {
      const { id, token } = c.get('customer');
      const row = await customerById(db, id);
      if (!row) throw notFound('User');
      return answer(c, config.dialect, { ...toCustomer(row), token });
    })
    .get('/logout', signedIn, async (c) => {
      await sessions.revoke(db, c.get('customer').sessionId);
      return c.json({ message: 'Logged out successfully' });
    })
    .post('/logout-everywhere', signedIn, async (c) => {
      await db.transaction((tx) => closeEveryDoor(tx, sessions, c.get('customer').id));
      return c.json({ message: 'Logged out on every device' });
    });
}
