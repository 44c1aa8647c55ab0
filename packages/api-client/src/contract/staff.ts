import * as z from 'zod/mini';
import { idSchema, safeText } from './common';
import { isCalendarDate } from './reader';
import { courseSchema } from './courses';
import { eventSchema } from './events';
import { blogPostSchema } from './blog';
import { orderSchema, orderStatusSchema, type OrderStatus } from './orders';
import { PAYMENT_METHODS, PAYMENT_STATES } from './payments';
import { passwordSchema } from './user';

/*
 * The back office's contract: what the staff pages send to /api/staff/* and what our API answers. Only our
 * reference API has these routes (the hosted API has an admin of its own), so answers are read strictly.
 */

export const STAFF_ROLES = ['staff', 'admin'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

const staffEmailSchema = z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is Required')), z.email('Email should be valid.').check(z.maxLength(254)));

/** The signed-in staff member. */
export const staffSchema = z.object({ id: idSchema, email: z.string(), role: staffRoleSchema });
export type Staff = z.infer<typeof staffSchema>;

/** A member of the team as admins see it: invited (no password yet), active, or removed. */
export const teamMemberSchema = z.extend(staffSchema, {
  state: z.enum(['invited', 'active', 'removed']),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const staffCredentialsSchema = z.object({
  email: staffEmailSchema,
  password: safeText('Password', 128, { trim: false }, z.minLength(1, 'Password is Required')),
});
export type StaffCredentials = z.infer<typeof staffCredentialsSchema>;

/** A code from the authenticator app (RFC 6238: six digits, a new one every 30 seconds). */
export const totpCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** The second step of a sign-in: a code from the app, or one of the recovery codes. */
export const secondFactorRequestSchema = z.union([
  z.object({ code: totpCodeSchema }),
  z.object({ recoveryCode: safeText('Recovery code', 40, {}, z.minLength(1, 'Recovery code is Required')) }),
]);
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;

/** What an authenticator app needs: the secret (typed by hand) and the otpauth:// URI (scanned as a QR code). */
export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** The password's answer: a code is asked for next, with this token. */
export const secondFactorStepSchema = z.object({ stage: z.literal('second-factor'), token: z.string() });
/**
 * An accepted invitation's answer, the only one that carries a secret: the app is set up now, in this browser,
 * with this token.
 */
export const totpSetupStepSchema = z.object({ stage: z.literal('totp-setup'), token: z.string(), totp: totpEnrolmentSchema });
export type TotpSetupStep = z.infer<typeof totpSetupStepSchema>;

/** Each step of a sign-in answers with a token for the next, up to 'signed-in'. */
export const signInStepSchema = z.discriminatedUnion('stage', [
  secondFactorStepSchema,
  totpSetupStepSchema,
  z.object({ stage: z.literal('signed-in'), token: z.string(), staff: staffSchema }),
]);
export type SignInStep = z.infer<typeof signInStepSchema>;

/** The end of the first sign-in: the session, and the recovery codes, shown this once. */
export const totpConfirmedSchema = z.object({ token: z.string(), staff: staffSchema, recoveryCodes: z.array(z.string()) });
export type TotpConfirmed = z.infer<typeof totpConfirmedSchema>;

export const invitationSchema = z.object({ email: z.string() });
export const acceptInvitationRequestSchema = z.object({ password: passwordSchema });
export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema });
export const inviteStaffRequestSchema = z.object({ email: staffEmailSchema, role: staffRoleSchema });
export type InviteStaffRequest = z.infer<typeof inviteStaffRequestSchema>;
export const messageSchema = z.object({ message: z.string() });

// ---- Leads ----

export const LEAD_KINDS = ['enquiry', 'booking', 'call-request', 'newsletter'] as const;
export const leadKindSchema = z.enum(LEAD_KINDS);
export type LeadKind = z.infer<typeof leadKindSchema>;
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  enquiry: 'Enquiry',
  booking: 'Event booking',
  'call-request': 'Call request',
  newsletter: 'Newsletter',
};

/** A lead moves forward only: new → contacted → closed. */
export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const leadSchema = z.object({
  id: idSchema,
  kind: leadKindSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: leadStatusSchema,
  createdAt: z.string(),
  /** What it is about: the event or course title, the enquiry's first words. */
  about: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

const isoDate = z.string().check(z.refine(isCalendarDate, 'Dates are YYYY-MM-DD, a day of the calendar'));

/** The inbox's filters, as query parameters. */
export const leadFilterSchema = z.object({
  kind: z.optional(leadKindSchema),
  status: z.optional(leadStatusSchema),
  /** Kenyan dates, inclusive. */
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  /** Part of a name, an email or a phone number. */
  q: z.optional(safeText('Search', 100)),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

export const leadNoteSchema = z.object({ id: z.string(), text: z.string(), staffEmail: z.string(), createdAt: z.string() });
export const leadChangeSchema = z.object({ at: z.string(), staffEmail: z.nullable(z.string()), from: z.string(), to: z.string() });

export const leadDetailSchema = z.extend(leadSchema, {
  /** 'Email', 'WhatsApp' or '' as the visitor chose (bookings and call requests). */
  contactMethod: z.string(),
  comment: z.nullable(z.string()),
  event: z.nullable(z.object({ id: z.string(), title: z.string(), startDate: z.string(), endDate: z.string(), price: z.number() })),
  course: z.nullable(z.object({ id: z.string(), title: z.string(), price: z.number(), duration: z.string() })),
  notes: z.array(leadNoteSchema),
  changes: z.array(leadChangeSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const leadStatusRequestSchema = z.object({ status: leadStatusSchema });
export const leadNoteRequestSchema = z.object({
  text: safeText('Note', 2000, { multiline: true }, z.minLength(1, 'Note is Required')),
});

// ---- Orders ----

/**
 * Where staff may move an order: it is prepared, dispatched and delivered, or cancelled before delivery.
 * The server refuses any other change.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Ordered: ['Processing', 'Cancelled'],
  Processing: ['Dispatched', 'Delivered', 'Cancelled'],
  Dispatched: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

// Rules of the fields staff fill in.
const required = (label: string, max: number) => safeText(label, max, {}, z.minLength(1, `${label} is Required`));
const optional = (label: string, max: number) => z.optional(safeText(label, max));
const wholeNumber = (label: string, min: number) =>
  z.number(`${label} must be a number`).check(z.int(`${label} must be a whole number`), z.gte(min, `${label} must be at least ${min}`));

// ---- Payments ----

/** A payment as staff see it: the phone masked but for its last three digits. */
export const staffPaymentSchema = z.object({
  id: z.string(),
  /** What it pays: an order, or an event booking (with the booking's lead in the Inbox and the event's title). */
  orderId: z.nullable(z.string()),
  bookingId: z.nullable(z.string()),
  leadId: z.nullable(z.string()),
  eventTitle: z.nullable(z.string()),
  /** The order's or booking's short reference, as the customer quotes it. */
  reference: z.string(),
  /** The customer who ordered, or the visitor who booked. */
  payerName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  state: z.enum(PAYMENT_STATES),
  /** Whole shillings. */
  amount: z.number(),
  phone: z.nullable(z.string()),
  /** M-Pesa's receipt number, or the reference of a payment recorded by hand. */
  receipt: z.nullable(z.string()),
  /** Why it did not go through, in the customer's words. */
  message: z.nullable(z.string()),
  /**
   * Closed (failed, cancelled, expired), yet Safaricom says the money moved (a success that came after it was closed,
   * confirmed by Daraja's query): nothing was marked paid, an admin resolves it (records the payment, or a refund).
   */
  paidAfterClose: z.boolean(),
  /** A refund: the payment whose money it gave back. */
  refundOf: z.nullable(z.string()),
  /** A payment received: how much of it has been given back so far (whole shillings). */
  refunded: z.number(),
  /** Who recorded a payment received another way, or a refund, and why. */
  recordedBy: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
});
export type StaffPayment = z.infer<typeof staffPaymentSchema>;

export const paymentFilterSchema = z.object({
  state: z.optional(z.enum(PAYMENT_STATES)),
  /** Kenyan dates, inclusive. */
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type PaymentFilter = z.infer<typeof paymentFilterSchema>;

/** An admin records a payment received another way than M-Pesa (cash, a bank transfer), with why. */
export const recordPaymentRequestSchema = z.object({
  method: z.enum(['cash', 'bank'], 'Choose how it was paid'),
  amount: wholeNumber('Amount', 1),
  reference: optional('Reference', 100),
  reason: required('Reason', 500),
});
export type RecordPaymentRequest = z.infer<typeof recordPaymentRequestSchema>;

/** An admin records money given back by hand on a payment received (M-Pesa's reversal, cash, a transfer), with why. */
export const recordRefundRequestSchema = z.object({
  method: z.enum(PAYMENT_METHODS, 'Choose how it was given back'),
  amount: wholeNumber('Amount', 1),
  reference: optional('Reference', 100),
  reason: required('Reason', 500),
});
export type RecordRefundRequest = z.infer<typeof recordRefundRequestSchema>;

export const staffOrderSchema = z.extend(orderSchema, {
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string() }),
  history: z.array(z.object({ at: z.string(), from: z.string(), to: z.string(), by: z.string() })),
  payments: z.array(staffPaymentSchema),
});
export type StaffOrder = z.output<typeof staffOrderSchema>;
/**
 * Staff move an order. Cancelling one that is paid (and not yet refunded in full) must say what happens to the money:
 * a refund to be arranged, with why (the refund itself is recorded on the payment, by an admin, as it is given).
 */
export const orderTransitionRequestSchema = z.object({
  status: orderStatusSchema,
  refundToArrange: z.optional(safeText('Why', 500, {}, z.minLength(3, 'Say why the refund is to be arranged'))),
});

/** The answer to cancelling a paid order without saying what happens to its money. */
export const PAID_ORDER_CANCEL_MESSAGE = 'This order is paid: record the refund, or say why a refund is to be arranged, before cancelling it.';

// ---- Publishing ----

/** Images are given by URL: an address on the web, or one of the API's own pictures. */
const imageUrlSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(2000, 'Image URL must be at most 2000 characters'),
    z.regex(/^(https?:\/\/[^\s<>"]+|\/static\/[\w./-]+)$/, 'Image URL must start with https:// or http://'),
  );
/** Rich text as the editor writes it; the server sanitises it with the site's display allow-list. */
const richText = (label: string) => z.string().check(z.maxLength(50_000, `${label} must be at most 50000 characters`), z.minLength(1, `${label} is Required`));
const kenyanDate = (label: string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} is Required`));
const timeOfDay = (label: string) => z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} is Required`));

export const courseDraftSchema = z.object({
  title: required('Title', 200),
  objective: required('Objective', 1000),
  targetGroup: required('Target group', 500),
  duration: required('Duration', 100),
  lecturer: required('Lecturer', 200),
  category: required('Category', 100),
  description: richText('About the course'),
  /** The first item is HTML (spec section 3); the back office edits that one. */
  whatYouWillEarn: z.array(richText('What you will learn')).check(z.minLength(1, 'What you will learn is Required'), z.maxLength(20)),
  price: wholeNumber('Price', 0),
  lectures: z.optional(wholeNumber('Lectures', 0)),
  skillLevel: optional('Skill level', 100),
  language: optional('Language', 100),
  certificate: z.boolean(),
});
export type CourseDraft = z.infer<typeof courseDraftSchema>;

export const eventDraftSchema = z
  .object({
    title: required('Title', 200),
    speaker: required('Speaker', 200),
    description: richText('Description'),
    city: optional('City', 100),
    venue: optional('Venue', 300),
    startDate: kenyanDate('Start date'),
    startTime: timeOfDay('Start time'),
    endDate: kenyanDate('End date'),
    endTime: timeOfDay('End time'),
    price: wholeNumber('Price', 0),
    images: z.array(z.object({ url: imageUrlSchema })).check(z.maxLength(10, 'At most 10 images')),
    courseLength: z.optional(wholeNumber('Course length', 1)),
    classDuration: z.optional(wholeNumber('Class duration', 1)),
  })
  .check(
    z.refine((event) => `${event.endDate}T${event.endTime}` >= `${event.startDate}T${event.startTime}`, {
      message: 'The event must end after it starts',
      path: ['endDate'],
    }),
  );
export type EventDraft = z.infer<typeof eventDraftSchema>;

export const blogPostDraftSchema = z.object({
  title: required('Title', 200),
  description: richText('Article'),
  images: z.array(z.object({ url: imageUrlSchema })).check(z.minLength(1, 'At least one image is Required'), z.maxLength(10, 'At most 10 images')),
  /** The home page's card picture; missing: the first image. */
  image: z.optional(imageUrlSchema),
  /** The home page shows 'col-1' (at most 2) and 'col-2' (at most 3). */
  category: required('Category', 50),
});
export type BlogPostDraft = z.infer<typeof blogPostDraftSchema>;

export const CONTENT_KINDS = ['courses', 'events', 'blog'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** A course, event or post as staff see it: as the public site would show it, and whether it is published. */
const staffItem = <Item extends z.ZodMiniType>(item: Item) => z.object({ item, published: z.boolean() });
export const staffCourseSchema = staffItem(courseSchema);
export const staffEventSchema = staffItem(eventSchema);
export const staffBlogPostSchema = staffItem(blogPostSchema);
export type StaffItem<Item> = { item: Item; published: boolean };
export const publishRequestSchema = z.object({ published: z.boolean() });

// ---- Pictures (the media library) ----

/** A library picture as content names it: the API expands it, in public reads, into its variants. */
export const PICTURE_REFERENCE = /^\/static\/pictures\/([\w-]{1,64})$/;
export const pictureReference = (id: string) => `/static/pictures/${id}`;

/** What a picture shows, for those who cannot see it (its `alt`): asked of staff for every upload. */
export const pictureDescriptionSchema = required('Description', 250);
const focusPart = z.number().check(z.gte(0), z.lte(1));
export const pictureChangeSchema = z.object({
  description: pictureDescriptionSchema,
  /** Where the subject is, 0–1 from the left and the top: every crop keeps it in view. */
  focus: z.object({ x: focusPart, y: focusPart }),
});
export type PictureChange = z.infer<typeof pictureChangeSchema>;

export const staffPictureSchema = z.object({
  id: idSchema,
  /** What content names it by (PICTURE_REFERENCE). */
  reference: z.string(),
  description: z.string(),
  width: z.number(),
  height: z.number(),
  focus: z.object({ x: z.number(), y: z.number() }),
  placeholder: z.string(),
  /** A width for the library's own list (its 412 px WebP). */
  thumbnail: z.string(),
  createdAt: z.string(),
  /** The content that shows it: a picture in use cannot be deleted. */
  usedBy: z.array(z.object({ kind: z.enum(['events', 'blog']), id: z.string(), title: z.string() })),
});
export type StaffPicture = z.infer<typeof staffPictureSchema>;

/** Deleting a picture that content still shows. */
export const PICTURE_IN_USE_MESSAGE = 'This picture is in use: take it out of the content that shows it first.';

// ---- Audit ----

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staffEmail: z.nullable(z.string()),
  action: z.string(),
  subject: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Failed password sign-ins, one row per source address and day (not in the audit log: anyone can fail one). */
export const signInFailuresSchema = z.array(
  z.object({
    source: z.string(),
    day: z.string(),
    tries: z.number(),
    emails: z.array(z.string()),
    firstAt: z.string(),
    lastAt: z.string(),
  }),
);
export type SignInFailures = z.infer<typeof signInFailuresSchema>;
