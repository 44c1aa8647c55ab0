import * as z from 'zod/mini';
// By the package's name, not by path: in the back office's build that is the shared API client, the one the site
// configured (its API base, its timeout) and whose ApiError the pages recognise; a copy of it here would be neither.
import { ApiError, call, segment, type CallSession, type CallSpec, type TransportRequest, type TransportResult } from '@agri/api-client';
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

type EndedListener = (message: string) => void;
const endedListeners = new Set<EndedListener>();
export const STAFF_SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Called when the server ends the staff session (idle or absolute timeout, revoked): the pages go to sign-in. */
export function onStaffSessionEnded(listener: EndedListener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** The back office's session, apart from the customer's: a token the server no longer knows sends the pages to sign-in. */
const staffSession: CallSession = {
  token: () => useStaffSession.getState().token,
  ended() {
    clearStaffSession();
    endedListeners.forEach((listener) => listener(STAFF_SESSION_ENDED_MESSAGE));
  },
};

interface StaffCall<Response> extends Pick<CallSpec<Response>, 'method' | 'body' | 'headers' | 'response' | 'send'> {
  /** Relative to the back office's routes: 'pictures'. */
  path: string;
  /** A sign-in step's own token instead of the session's: a 401 is then the step's answer, not the session's end. */
  token?: string;
  fallback: string;
  /** A write that creates something (a payment, a refund, a note, an item, an invitation): made once, as a customer's. */
  once?: boolean;
}

/**
 * A call to the reference API's back office (the site's main API base, `staff/`), made as every call is (`call`):
 * the staff member's token, the server's own words for a refusal, and what to do when no answer came.
 */
function staffCall<Response>({ path, token, fallback, ...spec }: StaffCall<Response>): Promise<Response> {
  return call({
    ...spec,
    path: `staff/${path}`,
    ...(token ? { auth: 'none', headers: { ...spec.headers, Authorization: `Bearer ${token}` } } : { auth: 'required', session: staffSession }),
    errors: { fallback, useServerMessage: true, namesTheLink: true },
  });
}

/** A list as the CSV file the server makes of it. */
async function csvFile(path: string, fallback: string): Promise<Blob> {
  return new Blob([await staffCall({ method: 'GET', path, response: z.string(), fallback })], { type: 'text/csv;charset=utf-8' });
}

/** Checks a request with its schema before it leaves the browser; the first problem's message. */
function checked<Schema extends z.ZodMiniType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError({ message: parsed.error.issues[0]?.message ?? 'Invalid request', kind: 'invalid', detail: parsed.error.message });
}

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
    await staffCall({ method: 'DELETE', path: 'session', response: z.unknown(), fallback: 'Could not sign out' });
  } finally {
    clearStaffSession();
  }
}

/**
 * Ends every session of the member, on every device (a phone left signed in, a session someone else may hold).
 * Signed out here only when the server did it: otherwise the member is told, and can try again.
 */
export async function signOutEverywhere(): Promise<void> {
  await staffCall({ method: 'DELETE', path: 'sessions', response: z.unknown(), fallback: 'Could not sign out everywhere' });
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
  return csvFile(`leads/export${query(filter)}`, 'Could not export the list');
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
  return csvFile(`payments/export${query(filter)}`, 'Could not export the list');
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
 * Sends by XMLHttpRequest, telling `onProgress` the share sent (0–1): fetch cannot tell an upload's progress. No
 * time limit: an upload may take minutes on a slow link, and ends when the link does.
 */
function sendTelling(xhr: XMLHttpRequest, onProgress: (sent: number) => void) {
  return (request: TransportRequest) =>
    new Promise<TransportResult>((resolve) => {
      xhr.open(request.method, new URL(request.url, request.baseURL));
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      const unanswered = (why: string) => () => resolve({ ok: false, failure: { kind: 'network', detail: `${request.method} ${request.url} ${why}` } });
      xhr.onerror = unanswered('failed');
      xhr.onabort = unanswered('aborted');
      xhr.onload = () => {
        let data: unknown = xhr.responseText;
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          // Not JSON: the contract's check says so.
        }
        resolve(xhr.status >= 200 && xhr.status < 300 ? { ok: true, data } : { ok: false, failure: { kind: 'http', status: xhr.status, data } });
      };
      xhr.send(request.data as ArrayBuffer);
    });
}

/** Sends a photo as its bytes. Sending the same photo again is safe: the library knows it by its bytes. */
export function uploadPicture(photo: Blob, description: string, onProgress: (sent: number) => void): PictureUpload {
  const path = `pictures${query({ description: checked(pictureDescriptionSchema, description) })}`;
  const xhr = new XMLHttpRequest();
  let stopped = false;
  const done = bytesOf(photo)
    .then((bytes) =>
      staffCall({
        method: 'POST',
        path,
        // As bytes: a Blob given to XMLHttpRequest is not sent as itself everywhere (jsdom sends its name).
        body: bytes,
        headers: { 'Content-Type': 'application/octet-stream' },
        response: staffPictureSchema,
        fallback: 'Could not upload the photo',
        send: sendTelling(xhr, onProgress),
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ApiError) || error.kind !== 'network') throw error;
      const message = stopped ? 'The upload was stopped.' : 'The connection dropped during the upload. Check your connection and try again.';
      throw new ApiError({ message, kind: 'network', detail: error.detail });
    });
  return {
    done,
    abort: () => {
      stopped = true;
      xhr.abort();
    },
  };
}
