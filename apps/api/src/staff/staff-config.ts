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

const positive = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!(parsed > 0)) throw new Error(`${name} must be a positive number.`);
  return parsed;
};

export function readStaffConfig(env: NodeJS.ProcessEnv): StaffConfig {
  const notifyEmails = (env.STAFF_NOTIFY_EMAIL ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean);
  for (const email of notifyEmails) {
    if (!/^[^\s@,<>]+@[^\s@,<>]+$/.test(email)) throw new Error(`STAFF_NOTIFY_EMAIL holds an address that is not one: ${email}`);
  }
  return {
    notifyEmails,
    notifyPerMinute: Math.floor(positive(env.STAFF_NOTIFY_PER_MINUTE, 10, 'STAFF_NOTIFY_PER_MINUTE')),
    notifyIntervalMs: positive(env.STAFF_NOTIFY_INTERVAL_MS, 2000, 'STAFF_NOTIFY_INTERVAL_MS'),
    idleMinutes: positive(env.STAFF_IDLE_MINUTES, 30, 'STAFF_IDLE_MINUTES'),
    sessionHours: positive(env.STAFF_SESSION_HOURS, 8, 'STAFF_SESSION_HOURS'),
  };
}
