import type * as z from 'zod/mini';
import { ApiError, SESSION_EXPIRED_MESSAGE, UNANSWERED_MESSAGES, type ErrorPolicy } from './errors';
import { readAnswer } from './contract/reader';
import { DEFAULT_TIMEOUT_MS, getApiSettings } from './settings';
import { tokenOf } from './contract/user';
import { clearSession, useSession } from './session/session-store';
import { noteAnswerRead } from './answer-reads';
import { askIfChanged, takeHeldAnswer } from './held-answers';
import { actionOf, answered, isUnsettled, keyFor } from './idempotency';
import type { TransportFailure, TransportRequest, TransportResult } from './transport';

// axios arrives with the first call that is not a prerendered page's revalidation (held-answers.ts).
let transport: Promise<typeof import('./transport')> | null = null;
function loadTransport(): Promise<typeof import('./transport')> {
  transport ??= import('./transport').catch((error: unknown) => {
    transport = null; // a dropped link: the next call tries again
    throw error;
  });
  return transport;
}

/**
 * Asks for the transport ahead of a send, when a visitor starts filling in a form (useSiteForm): on a phone's slow
 * link its Send then does not wait for the transport (axios, about 20 KB) after the press. A document's islands
 * come without it, as a prerendered page's reads need none.
 */
export function prepareToSend(): void {
  loadTransport().catch(() => {}); // a dropped link: the send itself asks again
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called after an authenticated call was answered 401 and the session was signed out,
 * so an app can tell the customer (SESSION_EXPIRED_MESSAGE) and send them to /login.
 * Returns a function that removes the listener.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Whose call it is: the bearer token it sends, and what the server's 401 to that token means. */
export interface CallSession {
  token(): string | null;
  /** The server no longer knows the token (ended, revoked): the session ends here too; `refused` is the call's error. */
  ended(refused: ApiError): void;
}

/** The customer's session, every call's unless it names another (the back office's staff session). */
const customerSession: CallSession = {
  token: () => tokenOf(useSession.getState().customer),
  ended(refused) {
    clearSession();
    const { status, serverMessage, detail } = refused;
    const expired = new ApiError({ message: SESSION_EXPIRED_MESSAGE, kind: 'http', status, serverMessage, detail });
    unauthorizedListeners.forEach((listener) => listener(expired));
  },
};

export interface CallSpec<Response> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the base, without a leading slash, e.g. 'user/cart'. */
  path: string;
  /** 'requests' is the second API base (booking, course request). */
  base?: 'main' | 'requests';
  /** 'required': the session's bearer token is sent and a 401 ends the session; 'optional': sent if signed in. */
  auth?: 'required' | 'optional' | 'none';
  /** The session whose token `auth` sends: the customer's unless given (the back office's, staff-calls.ts). */
  session?: CallSession;
  /** How it is sent, when not by the transport: a photo's upload, by XMLHttpRequest, which tells its progress. */
  send?: (request: TransportRequest) => Promise<TransportResult>;
  body?: unknown;
  /** A write that creates something: sent with its action's Idempotency-Key (idempotency.ts), made once by the API. */
  once?: boolean;
  headers?: Record<string, string>;
  withCredentials?: boolean;
  response: z.ZodMiniType<Response>;
  errors: ErrorPolicy;
}

/** Validates a request payload with its schema before it leaves the browser. */
export function checkRequest<Schema extends z.ZodMiniType>(schema: Schema, payload: unknown, errors: ErrorPolicy): z.output<Schema> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw new ApiError({ message: errors.fallback, kind: 'invalid', detail: parsed.error.message });
}

/**
 * A call that sends what the customer gave: checked first with its contract schema (an invalid one fails with
 * the call's own fallback, before anything is sent), then sent as the body.
 */
export async function callWithChecked<Schema extends z.ZodMiniType, Response>(
  schema: Schema,
  payload: unknown,
  spec: Omit<CallSpec<Response>, 'body'>,
): Promise<Response> {
  return call({ ...spec, body: checkRequest(schema, payload, spec.errors) });
}

export async function call<Response>(spec: CallSpec<Response>): Promise<Response> {
  const settings = getApiSettings();
  const auth = spec.auth ?? 'none';
  const session = spec.session ?? customerSession;
  const token = auth === 'none' ? null : session.token();
  const headers: Record<string, string> = { ...spec.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server refuses a body not declared as JSON (415); bodiless writes send none.
  if (spec.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const action = spec.once ? actionOf(spec) : null;
  if (action) headers['Idempotency-Key'] = keyFor(action, spec.body);
  const baseURL = spec.base === 'requests' ? settings.requestsApiBaseUrl : settings.apiBaseUrl;
  const timeout = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const withCredentials = spec.withCredentials ?? false;
  let heldEtag: string | null = null;
  if (spec.method === 'GET') {
    const url = new URL(spec.path, baseURL).href;
    noteAnswerRead(url);
    // A prerendered page's answer is confirmed without the transport (held-answers.ts); every other call uses it.
    heldEtag = takeHeldAnswer(url);
  }
  let result: TransportResult;
  if (heldEtag) {
    result = await askIfChanged({ url: spec.path, baseURL, headers, timeout, withCredentials }, heldEtag);
  } else if (spec.send) {
    result = await spec.send({ method: spec.method, url: spec.path, baseURL, data: spec.body, headers, timeout, withCredentials });
  } else {
    let send;
    try {
      ({ send } = await loadTransport());
    } catch (error) {
      throw new ApiError({ message: spec.errors.fallback, kind: 'network', detail: `the API client could not load: ${String(error)}` });
    }
    result = await send({
      method: spec.method,
      url: spec.path,
      baseURL,
      data: spec.body,
      headers,
      timeout,
      withCredentials,
    });
  }
  if (action && (result.ok || (result.failure.kind === 'http' && !isUnsettled(result.failure.status)))) {
    answered(action, headers['Idempotency-Key']!);
  }
  if (!result.ok) {
    const error = toApiError(result.failure, spec);
    if (error.status === 401 && auth === 'required' && token !== null) session.ended(error);
    throw error;
  }
  const { data } = result;

  const parsed = readAnswer(`${spec.method} ${spec.path}`, spec.response, data);
  if (!parsed.success) {
    throw new ApiError({
      message: spec.errors.fallback,
      kind: 'malformed',
      detail: `The server's answer to ${spec.method} ${spec.path} does not match the contract: ${parsed.error.message}`,
    });
  }
  return parsed.data;
}

function toApiError(failure: TransportFailure, spec: CallSpec<unknown>): ApiError {
  const { fallback, useServerMessage, namesTheLink } = spec.errors;
  if (failure.kind !== 'http') {
    return new ApiError({ message: namesTheLink ? UNANSWERED_MESSAGES[failure.kind] : fallback, kind: failure.kind, detail: failure.detail });
  }
  const { status, data } = failure;
  const serverMessage = messageOf(data);
  return new ApiError({
    // A limit's own words ('Too many attempts. Please wait a few minutes and try again.') say more than any fallback.
    message: (useServerMessage || status === 429) && serverMessage ? serverMessage : fallback,
    kind: 'http',
    status,
    serverMessage,
    detail: `${spec.method} ${spec.path} answered ${status}${serverMessage ? `: ${serverMessage}` : ''}`,
  });
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** Encodes one path segment such as an id or a reset token. */
export const segment = (value: string | number): string => encodeURIComponent(String(value));
