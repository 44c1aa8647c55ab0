// npm run staff -- add <email> --role admin|staff
//
// Invites a member of staff from the terminal: the way to make the first admin (later ones are invited in the
// back office). PGlite's data directory belongs to the running API's process, so this command never opens the
// database: it asks the running API, on this machine, with a one-minute request signed by the server secret
// (the one `npm start` keeps in the data directory, or JWT_SECRET / JWT_SECRET_FILE as the API has them).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, inviteStaffRequestSchema } from '@agri/api-client/staff-contract';
import { dataDirFrom } from '../config';
import { signTerminalRequest } from './team-routes';

const USAGE = 'Usage: npm run staff -- add <email> --role admin|staff';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function serverSecret(env: NodeJS.ProcessEnv): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = env.JWT_SECRET_FILE ?? join(dataDirFrom(env), 'jwt-secret');
  if (!existsSync(file)) fail(`No server secret at ${file}: the API has not run here yet. Start it (npm start), then run this again.`);
  return readFileSync(file, 'utf8').trim();
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { role: { type: 'string', default: 'staff' } } });
const [command, email] = positionals;
if (command !== 'add' || !email || positionals.length !== 2) fail(USAGE);
const request = inviteStaffRequestSchema.safeParse({ email, role: values.role });
if (!request.success) fail(`${request.error.issues[0]?.message ?? 'Invalid request'} (roles: ${STAFF_ROLES.join(', ')}).\n${USAGE}`);

const api = process.env.STAFF_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4000}`;
const token = await signTerminalRequest(serverSecret(process.env), request.data);
let response: Response;
try {
  response = await fetch(new URL('/api/staff/terminal/invitation', api), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(request.data),
    signal: AbortSignal.timeout(30_000),
  });
} catch {
  fail(
    `No API answers at ${api}. Start it first (npm start): this command asks the running API, which owns the database.\n` +
      '(Another port: PORT=4100 npm run staff -- …; another machine: run the command there.)',
  );
}
const answer = (await response.json().catch(() => ({}))) as { message?: string; state?: string };
if (!response.ok) fail(`The API refused: ${answer.message ?? `HTTP ${response.status}`}`);
console.log(`Invitation mailed to ${request.data.email} (${request.data.role}). The link works once, for three days.`);
console.log('Without SMTP_URL the API prints its mail in its own terminal: look there for the link.');
