/**
 * The Idempotency-Key of each write that creates something (issue 38): made once per user action and sent again
 * with each retry of it, so that the API makes it once however often it arrives (apps/api/src/idempotency.ts).
 * An action is its method and path; a retry is the same action with the same body before it was answered (a
 * timeout, a dropped link, a server failure: the first may have arrived). Once answered, or when the visitor
 * changed what they send, the next send is a new action with a new key.
 */
const unanswered = new Map<string, { body: string; key: string }>();

/** A version 4 UUID from the browser's random numbers (crypto.randomUUID exists only on HTTPS pages). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An action: what is sent where. */
export const actionOf = (spec: { method: string; base?: string; path: string }): string => `${spec.method} ${spec.base ?? 'main'} ${spec.path}`;

/** The key for sending `body` as `action` now: the unanswered send's, if this is a retry of it. */
export function keyFor(action: string, body: unknown): string {
  const sent = JSON.stringify(body ?? null);
  const pending = unanswered.get(action);
  if (pending?.body === sent) return pending.key;
  const key = newKey();
  unanswered.set(action, { body: sent, key });
  return key;
}

/** The send with `key` was answered (whatever the answer): the action's next send is a new action. */
export function answered(action: string, key: string): void {
  if (unanswered.get(action)?.key === key) unanswered.delete(action);
}

/** Answers that do not settle an action: its retry must carry the same key (the first may yet be made). */
export const isUnsettled = (status: number): boolean => status >= 500 || [408, 409, 429].includes(status);
