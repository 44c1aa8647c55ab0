import * as z from 'zod/mini';
import { ApiError } from '../errors';
import { readAnswer } from '../contract/reader';
import { actionOf, answered, isUnsettled, keyFor } from '../idempotency';
import type { OrderStatus } from '../contract/orders';
import {
  acceptInvitationRequestSchema,
  auditEntrySchema,
  blogPostDraftSchema,
  courseDraftSchema,
  eventDraftSchema,
  invitationSchema,
  inviteStaffRequestSchema,
  leadDetailSchema,
  leadNoteRequestSchema,
  recordPaymentRequestSchema,
  recordRefundRequestSchema,
  staffPaymentSchema,
  type PaymentFilter,
  type RecordPaymentRequest,
  type RecordRefundRequest,
  leadSchema,
  messageSchema,
  secondFactorRequestSchema,
  signInFailuresSchema,
  secondFactorStepSchema,
  signInStepSchema,
  staffBlogPostSchema,
  staffCourseSchema,
  staffCredentialsSchema,
  staffEventSchema,
  staffOrderSchema,
  staffSchema,
  teamMemberSchema,
  totpConfirmedSchema,
  totpConfirmRequestSchema,
  totpSetupStepSchema,
  type BlogPostDraft,
  type ContentKind,
  type CourseDraft,
  type EventDraft,
  type InviteStaffRequest,
  type LeadFilter,
  type LeadStatus,
  type SecondFactorRequest,
  type StaffCredentials,
  type StaffItem,
  pictureChangeSchema,
  pictureDescriptionSchema,
  staffPictureSchema,
  type PictureChange,
  type StaffPicture,
} from '../contract/staff';
import type { Course } from '../contract/courses';
import type { Event } from '../contract/events';
import type { BlogPost } from '../contract/blog';
import { clearStaffSession, storeStaffSession, useStaffSession } from './staff-session';

/** Where the staff calls go: our reference API's main base (the back office never talks to the hosted API). */
let apiBaseUrl: string | null = null;
const TIMEOUT_MS = 15_000;

export function configureStaffApi(settings: { apiBaseUrl: string }): void {
  apiBaseUrl = settings.apiBaseUrl;
}

type EndedListener = (message: string) => void;
const endedListeners = new Set<EndedListener>();
export const STAFF_SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Called when the server ends the staff session (idle or absolute timeout, revoked): the pages go to sign-in. */
export function onStaffSessionEnded(listener: EndedListener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

interface StaffCall<Response> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the staff base: 'pictures'. */
  path: string;
  body?: unknown;
  /** A sign-in step's own token instead of the session's. */
  token?: string;
  response: z.ZodMiniType<Response>;
  fallback: string;
  /** A write that creates something (a payment, a refund, a note, an item, an invitation): made once, as a customer's (call's `once`). */
  once?: boolean;
}

async function staffCall<Response>(spec: StaffCall<Response>): Promise<Response> {
  return readStaffAnswer(spec, await staffFetch(spec));
}

async function readStaffAnswer<Response>(spec: StaffCall<Response>, response: globalThis.Response): Promise<Response> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  const parsed = readAnswer(`${spec.method} staff/${spec.path}`, spec.response, data);
  if (!parsed.success) throw new ApiError({ message: spec.fallback, kind: 'malformed', detail: parsed.error.message });
  return parsed.data;
}

async function staffFetch(spec: Omit<StaffCall<unknown>, 'response'>): Promise<Response> {
  if (!apiBaseUrl) throw new Error('The staff API is not configured: call configureStaffApi() at start-up.');
  const token = spec.token ?? useStaffSession.getState().token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
  const action = spec.once ? actionOf({ method: spec.method, base: 'staff', path: spec.path }) : null;
  if (action) headers['Idempotency-Key'] = keyFor(action, spec.body);
  let response: Response;
  try {
    response = await fetch(new URL(`staff/${spec.path}`, apiBaseUrl), {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError({
      message: timeout ? 'The server took too long to answer. Please try again.' : 'The server cannot be reached. Check your connection and try again.',
      kind: timeout ? 'timeout' : 'network',
      detail: String(error),
    });
  }
  if (action && !isUnsettled(response.status)) answered(action, headers['Idempotency-Key']!);
  return answerOf(spec, response);
}

/** A successful answer, or the ApiError its status and message make (a 401 of the session ends it here). */
async function answerOf(spec: Omit<StaffCall<unknown>, 'response'>, response: Response): Promise<Response> {
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : null;
  // A session the server no longer knows (ended, revoked): back to sign-in. A sign-in step's own 401 is its answer.
  if (response.status === 401 && !spec.token && useStaffSession.getState().token) {
    clearStaffSession();
    endedListeners.forEach((listener) => listener(STAFF_SESSION_ENDED_MESSAGE));
  }
  throw new ApiError({
    message: serverMessage ?? spec.fallback,
    kind: 'http',
    status: response.status,
    serverMessage,
    detail: `${spec.method} staff/${spec.path} answered ${response.status}`,
  });
}

/** Checks a request with its schema before it leaves the browser; the first problem's message. */
function checked<Schema extends z.ZodMiniType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError({ message: parsed.error.issues[0]?.message ?? 'Invalid request', kind: 'invalid', detail: parsed.error.message });
}

const segment = (value: string) => encodeURIComponent(value);

// ---- Signing in ----

export const signIn = (credentials: StaffCredentials) =>
  staffCall({
    method: 'POST',
    path: 'session',
    body: checked(staffCredentialsSchema, credentials),
    response: secondFactorStepSchema,
    fallback: 'Could not sign in',
  });

/** The second step, with the token of the first; a signed-in answer starts the session. */
export async function confirmSecondFactor(stepToken: string, request: SecondFactorRequest) {
  const step = await staffCall({
    method: 'POST',
    path: 'session/second-factor',
    token: stepToken,
    body: checked(secondFactorRequestSchema, request),
    response: signInStepSchema,
    fallback: 'Could not check the code',
  });
  if (step.stage === 'signed-in') storeStaffSession(step.token, step.staff);
  return step;
}

export const getInvitation = (token: string) =>
  staffCall({ method: 'GET', path: `invitation/${segment(token)}`, response: invitationSchema, fallback: 'Could not open the invitation' });

export const acceptInvitation = (token: string, password: string) =>
  staffCall({
    method: 'POST',
    path: `invitation/${segment(token)}`,
    body: checked(acceptInvitationRequestSchema, { password }),
    response: totpSetupStepSchema,
    fallback: 'Could not accept the invitation',
  });

/** The first sign-in's last step: the app's first code; starts the session and answers the recovery codes. */
export async function confirmTotpSetup(stepToken: string, code: string) {
  const confirmed = await staffCall({
    method: 'POST',
    path: 'session/totp-setup',
    token: stepToken,
    body: checked(totpConfirmRequestSchema, { code }),
    response: totpConfirmedSchema,
    fallback: 'Could not check the code',
  });
  storeStaffSession(confirmed.token, confirmed.staff);
  return confirmed;
}

export const getSignedInStaff = () => staffCall({ method: 'GET', path: 'session', response: staffSchema, fallback: 'Could not load your account' });

/** Ends the session on the server, then here (here even if the server cannot be reached). */
export async function signOut(): Promise<void> {
  try {
    await staffFetch({ method: 'DELETE', path: 'session', fallback: 'Could not sign out' });
  } finally {
    clearStaffSession();
  }
}

/**
 * Ends every session of the member, on every device (a phone left signed in, a session someone else may hold).
 * Signed out here only when the server did it: otherwise the member is told, and can try again.
 */
export async function signOutEverywhere(): Promise<void> {
  await staffFetch({ method: 'DELETE', path: 'sessions', fallback: 'Could not sign out everywhere' });
  clearStaffSession();
}

// ---- Leads ----

const query = (filter: Record<string, string | undefined>) => {
  const params = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const getLeads = (filter: LeadFilter = {}) =>
  staffCall({ method: 'GET', path: `leads${query(filter)}`, response: z.array(leadSchema), fallback: 'Could not load the inbox' });

/** The filtered list as a CSV file. */
export async function exportLeads(filter: LeadFilter = {}): Promise<Blob> {
  return (await staffFetch({ method: 'GET', path: `leads/export${query(filter)}`, fallback: 'Could not export the list' })).blob();
}

export const getLead = (id: string) =>
  staffCall({ method: 'GET', path: `leads/${segment(id)}`, response: leadDetailSchema, fallback: 'Could not load the lead' });

export const setLeadStatus = (id: string, status: LeadStatus) =>
  staffCall({ method: 'PUT', path: `leads/${segment(id)}/status`, body: { status }, response: leadDetailSchema, fallback: 'Could not change the status' });

export const addLeadNote = (id: string, text: string) =>
  staffCall({
    method: 'POST',
    path: `leads/${segment(id)}/notes`,
    body: checked(leadNoteRequestSchema, { text }),
    response: leadDetailSchema,
    fallback: 'Could not add the note',
    once: true,
  });

// ---- Orders ----

export const getOrders = () => staffCall({ method: 'GET', path: 'orders', response: z.array(staffOrderSchema), fallback: 'Could not load the orders' });

export const getStaffOrder = (id: string) =>
  staffCall({ method: 'GET', path: `orders/${segment(id)}`, response: staffOrderSchema, fallback: 'Could not load the order' });

/** Moves an order; cancelling a paid one says why a refund is to be arranged (orderTransitionRequestSchema). */
export const moveOrder = (id: string, status: OrderStatus, refundToArrange?: string) =>
  staffCall({
    method: 'PUT',
    path: `orders/${segment(id)}/status`,
    body: { status, ...(refundToArrange ? { refundToArrange } : {}) },
    response: staffOrderSchema,
    fallback: 'Could not change the order',
  });

// ---- Payments ----

export const getPayments = (filter: PaymentFilter = {}) =>
  staffCall({ method: 'GET', path: `payments${query(filter)}`, response: z.array(staffPaymentSchema), fallback: 'Could not load the payments' });

/** The filtered payments as a CSV file. */
export async function exportPayments(filter: PaymentFilter = {}): Promise<Blob> {
  return (await staffFetch({ method: 'GET', path: `payments/export${query(filter)}`, fallback: 'Could not export the list' })).blob();
}

/** An admin records a payment of the order received another way (cash, a bank transfer); answers the order's payments. */
export const recordPayment = (orderId: string, request: RecordPaymentRequest) =>
  staffCall({
    method: 'POST',
    path: `orders/${segment(orderId)}/payments`,
    body: checked(recordPaymentRequestSchema, request),
    response: z.array(staffPaymentSchema),
    fallback: 'Could not record the payment',
    once: true,
  });

/** An admin records money given back by hand on a payment received (an order's or a booking's); answers the refund. */
export const recordRefund = (paymentId: string, request: RecordRefundRequest) =>
  staffCall({
    method: 'POST',
    path: `payments/${segment(paymentId)}/refunds`,
    body: checked(recordRefundRequestSchema, request),
    response: staffPaymentSchema,
    fallback: 'Could not record the refund',
    once: true,
  });

// ---- Publishing ----

const contentSchemas: Record<ContentKind, { item: z.ZodMiniType; draft: z.ZodMiniType }> = {
  courses: { item: staffCourseSchema, draft: courseDraftSchema },
  events: { item: staffEventSchema, draft: eventDraftSchema },
  blog: { item: staffBlogPostSchema, draft: blogPostDraftSchema },
};
type Drafts = { courses: CourseDraft; events: EventDraft; blog: BlogPostDraft };
type Items = { courses: StaffItem<Course>; events: StaffItem<Event>; blog: StaffItem<BlogPost> };

export const getContent = <Kind extends ContentKind>(kind: Kind) =>
  staffCall({ method: 'GET', path: kind, response: z.array(contentSchemas[kind].item), fallback: 'Could not load the list' }) as Promise<Items[Kind][]>;

export const getContentItem = <Kind extends ContentKind>(kind: Kind, id: string) =>
  staffCall({ method: 'GET', path: `${kind}/${segment(id)}`, response: contentSchemas[kind].item, fallback: 'Could not load it' }) as Promise<Items[Kind]>;

/** Creates (no id) or replaces an item; the server sanitises its rich text. */
export const saveContentItem = <Kind extends ContentKind>(kind: Kind, draft: Drafts[Kind], id?: string) =>
  staffCall({
    method: id ? 'PUT' : 'POST',
    path: id ? `${kind}/${segment(id)}` : kind,
    body: checked(contentSchemas[kind].draft, draft),
    response: contentSchemas[kind].item,
    fallback: 'Could not save it',
    once: !id,
  }) as Promise<Items[Kind]>;

export const setPublished = <Kind extends ContentKind>(kind: Kind, id: string, published: boolean) =>
  staffCall({
    method: 'PUT',
    path: `${kind}/${segment(id)}/published`,
    body: { published },
    response: contentSchemas[kind].item,
    fallback: published ? 'Could not publish it' : 'Could not unpublish it',
  }) as Promise<Items[Kind]>;

export const deleteContentItem = (kind: ContentKind, id: string) =>
  staffCall({ method: 'DELETE', path: `${kind}/${segment(id)}`, response: messageSchema, fallback: 'Could not delete it' });

// ---- Team and audit (admins) ----

export const getTeam = () => staffCall({ method: 'GET', path: 'team', response: z.array(teamMemberSchema), fallback: 'Could not load the team' });

export const inviteStaff = (request: InviteStaffRequest) =>
  staffCall({
    method: 'POST',
    path: 'team',
    body: checked(inviteStaffRequestSchema, request),
    response: teamMemberSchema,
    fallback: 'Could not send the invitation',
    once: true,
  });

export const removeStaff = (id: string) =>
  staffCall({ method: 'DELETE', path: `team/${segment(id)}`, response: teamMemberSchema, fallback: 'Could not remove them' });

/** A new invitation for the member: their password, authenticator and recovery codes stop working. */
export const resetSecondFactor = (id: string) =>
  staffCall({ method: 'POST', path: `team/${segment(id)}/second-factor-reset`, response: teamMemberSchema, fallback: 'Could not reset the second factor' });

export const getAuditLog = (before?: string) =>
  staffCall({ method: 'GET', path: `audit${query({ before })}`, response: z.array(auditEntrySchema), fallback: 'Could not load the audit log' });

export const getSignInFailures = () =>
  staffCall({ method: 'GET', path: 'sign-in-failures', response: signInFailuresSchema, fallback: 'Could not load the failed sign-ins' });

// ---- Pictures (the media library) ----

export const getPictures = () => staffCall({ method: 'GET', path: 'pictures', response: z.array(staffPictureSchema), fallback: 'Could not load the pictures' });

export const changePicture = (id: string, change: PictureChange) =>
  staffCall({
    method: 'PUT',
    path: `pictures/${segment(id)}`,
    body: checked(pictureChangeSchema, change),
    response: staffPictureSchema,
    fallback: 'Could not save the picture',
  });

export const deletePicture = (id: string) =>
  staffCall({ method: 'DELETE', path: `pictures/${segment(id)}`, response: messageSchema, fallback: 'Could not delete the picture' });

/** An upload may take minutes on a slow link: it ends when the link does, not on a clock. */
export interface PictureUpload {
  done: Promise<StaffPicture>;
  abort: () => void;
}

/** A Blob's bytes, by FileReader (which jsdom has too). */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new ApiError({ message: 'The photo could not be read from this device.', kind: 'invalid', detail: String(reader.error) }));
    reader.readAsArrayBuffer(blob);
  });

/**
 * Sends a photo as its bytes, telling `onProgress` the share sent (0–1): XMLHttpRequest, since fetch cannot
 * tell an upload's progress. Sending the same photo again is safe: the library knows it by its bytes.
 */
export function uploadPicture(photo: Blob, description: string, onProgress: (sent: number) => void): PictureUpload {
  const spec = {
    method: 'POST',
    path: `pictures${query({ description: checked(pictureDescriptionSchema, description) })}`,
    fallback: 'Could not upload the photo',
  } as const;
  if (!apiBaseUrl) throw new Error('The staff API is not configured: call configureStaffApi() at start-up.');
  const request = new XMLHttpRequest();
  // As bytes: a Blob given to XMLHttpRequest is not sent as itself everywhere (jsdom sends its name).
  const done = bytesOf(photo).then(
    (bytes) =>
      new Promise<StaffPicture>((resolve, reject) => {
        request.open('POST', new URL(`staff/${spec.path}`, apiBaseUrl!));
        request.setRequestHeader('Accept', 'application/json');
        request.setRequestHeader('Content-Type', 'application/octet-stream');
        const token = useStaffSession.getState().token;
        if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
        request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
        const failed = (aborted: boolean) => () =>
          reject(
            new ApiError({
              message: aborted ? 'The upload was stopped.' : 'The connection dropped during the upload. Check your connection and try again.',
              kind: 'network',
              detail: `POST staff/pictures ${aborted ? 'aborted' : 'failed'}`,
            }),
          );
        request.onerror = failed(false);
        request.onabort = failed(true);
        request.onload = () => {
          const answer = new Response(request.responseText, { status: request.status, headers: { 'Content-Type': 'application/json' } });
          answerOf(spec, answer)
            .then((ok) => readStaffAnswer({ ...spec, response: staffPictureSchema }, ok))
            .then(resolve, reject);
        };
        request.send(bytes);
      }),
  );
  return { done, abort: () => request.abort() };
}
