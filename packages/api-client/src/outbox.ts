import { ApiError, isApiError, type ErrorPolicy } from './errors';
import { call, type CallSpec } from './http';
import { anyReplySchema } from './contract/reader';
import { actionOf, keyFor } from './idempotency';
import { OUTBOX_KEY } from './storage-keys';

/**
 * A request the visitor sent while the phone had no connection (an enquiry, a booking, a call request): kept
 * on the phone (browser storage) and sent when the connection returns, once. What each is called in words.
 */
export const KEPT_KINDS = { enquiry: 'enquiry', booking: 'booking', 'course-call': 'call request' } as const;
export type KeptKind = keyof typeof KEPT_KINDS;

interface KeptRequest {
  id: string;
  kind: KeptKind;
  method: 'POST';
  path: string;
  base: 'main' | 'requests';
  body: unknown;
  /** The send's Idempotency-Key: the replay is the same action, made once even if the first send arrived. */
  key?: string;
  keptAt: string;
}

/** What the visitor is told when a request is kept, and when it has gone. */
export const keptMessage = (kind: KeptKind) =>
  `You are offline. Your ${KEPT_KINDS[kind]} is kept on this phone and will be sent as soon as you are back online.`;
export const sentMessage = (kind: KeptKind) => `Your ${KEPT_KINDS[kind]}, kept while you were offline, has been sent.`;
export const refusedMessage = (kind: KeptKind, reason: string) => `Your ${KEPT_KINDS[kind]}, kept while you were offline, could not be sent: ${reason}`;

function readOutbox(): KeptRequest[] {
  try {
    const kept = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? '[]') as unknown;
    return Array.isArray(kept) ? (kept as KeptRequest[]) : [];
  } catch {
    return [];
  }
}

const writeOutbox = (kept: KeptRequest[]) => (kept.length ? localStorage.setItem(OUTBOX_KEY, JSON.stringify(kept)) : localStorage.removeItem(OUTBOX_KEY));

/** The requests kept on this phone, oldest first. */
export const keptRequests = (): readonly Pick<KeptRequest, 'id' | 'kind' | 'keptAt'>[] => readOutbox();

/**
 * The browser says the phone has no connection. Outside a browser it never does: Node 21+ has a `navigator`
 * without `onLine` (the API's contract tests run this client there).
 */
const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Whether a failure was the request being kept for later (its message says so). */
export const wasKeptOffline = (error: unknown): boolean => isApiError(error) && error.kind === 'kept';

/**
 * Sends a request the visitor may make offline. When the phone has no connection (the browser says so, or the
 * request could not reach the API while it says so), the request is kept and an ApiError of kind 'kept' is
 * thrown, whose message tells the visitor; it goes when the connection returns (sendKeptRequests).
 */
export async function callOrKeep<Response>(kind: KeptKind, spec: CallSpec<Response> & { method: 'POST' }): Promise<Response> {
  const keep = (): never => {
    const kept: KeptRequest = {
      id: crypto.randomUUID(),
      kind,
      method: spec.method,
      path: spec.path,
      base: spec.base ?? 'main',
      body: spec.body,
      key: keyFor(actionOf(spec), spec.body),
      keptAt: new Date().toISOString(),
    };
    writeOutbox([...readOutbox(), kept]);
    throw new ApiError({ message: keptMessage(kind), kind: 'kept', detail: `${spec.method} ${spec.path} kept while offline` });
  };
  if (isOffline()) return keep();
  try {
    return await call({ ...spec, once: true });
  } catch (error) {
    if (isApiError(error) && error.kind === 'network' && isOffline()) return keep();
    throw error;
  }
}

export type KeptOutcome = { kind: KeptKind; sent: true; message: string } | { kind: KeptKind; sent: false; message: string };

const errors: ErrorPolicy = { fallback: 'Something went wrong!', useServerMessage: true };

/**
 * Sends the requests kept on this phone, oldest first, one tab at a time (a lock, where the browser has one),
 * each once: one that is answered leaves the outbox (refused ones too, with the reason); one that still cannot
 * reach the API stays for the next time. Resolves with what happened to each that left.
 */
export async function sendKeptRequests(): Promise<KeptOutcome[]> {
  if (!readOutbox().length || isOffline()) return [];
  const send = async () => {
    const outcomes: KeptOutcome[] = [];
    for (const kept of readOutbox()) {
      try {
        const headers = kept.key ? { 'Idempotency-Key': kept.key } : undefined;
        await call({ method: kept.method, path: kept.path, base: kept.base, body: kept.body, headers, response: anyReplySchema, errors });
        outcomes.push({ kind: kept.kind, sent: true, message: sentMessage(kept.kind) });
      } catch (error) {
        if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) break;
        outcomes.push({ kind: kept.kind, sent: false, message: refusedMessage(kept.kind, (error as Error).message) });
      }
      writeOutbox(readOutbox().filter((other) => other.id !== kept.id));
    }
    return outcomes;
  };
  return 'locks' in navigator ? navigator.locks.request(OUTBOX_KEY, send) : send();
}
