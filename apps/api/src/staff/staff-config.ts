import type { Environment } from '../environment';

/** The back office's settings (README of apps/api, "Environment"). */
export interface StaffConfig {
  /** Where each new lead is mailed (STAFF_NOTIFY_EMAIL, comma-separated); none: nobody is mailed. */
  notifyEmails: string[];
  /** At most this many lead mails a minute; beyond it the rest go in one digest. */
  notifyPerMinute: number;
  /** How often the API looks for leads to mail. */
  notifyIntervalMs: number;
  /** A staff session ends after this long without a request... */
  idleMinutes: number;
  /** ...and this long after sign-in whatever happens. */
  sessionHours: number;
}

/** STAFF_NOTIFY_EMAIL from `env`; the numbers as the environment's schema read them (environment.ts). */
export function readStaffConfig(env: NodeJS.ProcessEnv, settings: Environment): StaffConfig {
  const notifyEmails = (env.STAFF_NOTIFY_EMAIL ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean);
  for (const email of notifyEmails) {
    if (!/^[^\s@,<>]+@[^\s@,<>]+$/.test(email)) throw new Error(`STAFF_NOTIFY_EMAIL holds an address that is not one: ${email}`);
  }
  return {
    notifyEmails,
    notifyPerMinute: settings.STAFF_NOTIFY_PER_MINUTE,
    notifyIntervalMs: settings.STAFF_NOTIFY_INTERVAL_MS,
    idleMinutes: settings.STAFF_IDLE_MINUTES,
    sessionHours: settings.STAFF_SESSION_HOURS,
  };
}
