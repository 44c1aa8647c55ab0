import { Hono, type Context } from 'hono';
import { credentialsSchema } from '@agri/api-client/contract';
import { customerByEmail, customerById, toCustomer } from '../../accounts/customers';
import { dummyPasswordHash, verifyPassword } from '../../accounts/passwords';
import { answer } from '../../dialect';
import { clientAddress, HttpError, notFound, readBody, requireCustomer, type AuthEnv } from '../../http';
import { refuseOver } from '../../rate-limit';
import type { Services } from '../../services';

/** Log in (POST login), who am I (GET getuser), log out (GET logout). */
export function sessionRoutes(services: Services): Hono<AuthEnv> {
  const { db, tokens, limits, config } = services;
  const signedIn = requireCustomer(services);

  async function login(c: Context) {
    refuseOver(await limits.login.hit(clientAddress(c, config.trustedProxyHops)));
    const credentials = await readBody(c, credentialsSchema);
    const email = credentials.email.toLowerCase();
    // Refused before the password is checked, so guesses spread over many addresses stop too.
    refuseOver(await limits.loginPerAccount.check(email));
    const row = await customerByEmail(db, email);
    const valid = await verifyPassword(credentials.password, row?.password_hash ?? (await dummyPasswordHash));
    if (!row || !valid) {
      await limits.loginPerAccount.hit(email);
      throw new HttpError(401, 'Invalid email or password');
    }
    return answer(c, config.dialect, { ...toCustomer(row), token: await tokens.issue(db, row.id) });
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
      await tokens.revoke(db, c.get('customer').sessionId);
      c.header('Cache-Control', 'no-store');
      return c.json({ message: 'Logged out successfully' });
    });
}
