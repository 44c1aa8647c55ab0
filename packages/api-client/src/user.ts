import * as z from 'zod/mini';
import { call, checkRequest, segment } from './http';
import { emailSchema, idSchema, mobileSchema, safeText } from './common';
import { anyReplySchema, listOf, optionalTextSchema, readAnswer, serverIdSchema, textOrNumberSchema } from './reader';
import { courseSummarySchema, type CourseSummary } from './courses';
import { getCart } from './cart';
import { clearSession, storeCustomer, storeProfile, storedCustomerSchema, tokenOf, useSession, type StoredCustomer } from './session/session-store';

/** Server messages the spec names; client and server share them. */
export const OTP_SENT_MESSAGE = 'OTP has been sent to your email';
export const OTP_RESENT_MESSAGE = 'OTP has been resent successfully';
export const USER_CREATED_MESSAGE = 'User created successfully';

/*
 * The account forms' rules are these schemas, messages included: a form adds only what is its own
 * (the confirm-password match). The server checks the same schemas on arrival.
 */

/** The email of an account form (log in, register, forgot password, profile). */
const accountEmailSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'Email Address is Required')),
  z.email('Email Should be valid').check(z.maxLength(254)),
);

/** Any printable characters, kept as typed (not trimmed), 8 to 128 of them. */
export const passwordSchema = safeText(
  'Password',
  128,
  { trim: false },
  z.minLength(1, 'Password is Required'),
  z.minLength(8, 'Password must be at least 8 characters'),
);

/** The 6-digit code mailed at registration. */
export const otpSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'OTP is Required'), z.regex(/^[0-9]{6}$/, 'OTP must be the 6 digits from your email'));

/** A customer as the server describes them, without a token. */
export const customerSchema = z.object({
  _id: serverIdSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: textOrNumberSchema,
});
export type Customer = z.output<typeof customerSchema>;

/** The customer's own details: the profile form, and the registration's first part. */
export const profileSchema = z.object({
  firstname: safeText('First name', 100, {}, z.minLength(1, 'First Name is Required')),
  lastname: safeText('Last name', 100, {}, z.minLength(1, 'Last Name is Required')),
  email: accountEmailSchema,
  mobile: mobileSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const registrationSchema = z.extend(profileSchema, { password: passwordSchema });
export type Registration = z.infer<typeof registrationSchema>;

/** Resending the OTP reuses POST user/register with the pending email only: nothing else is in the body. */
export const resendOtpRequestSchema = z.strictObject({ email: emailSchema });
export type ResendOtpRequest = z.infer<typeof resendOtpRequestSchema>;

export const otpResentResponseSchema = z.object({ message: z.literal(OTP_RESENT_MESSAGE) });

/**
 * The register answer. The reference API adds a registration token that binds the code to this browser:
 * resend and verify-otp send it back ("with auth"), so nobody else's registration of the same email can
 * complete or replace this one. A server without it is still read.
 */
export const registrationResponseSchema = z.object({ message: optionalTextSchema, registrationToken: optionalTextSchema });
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** The registration token as the bearer of resend and verify-otp; the session's token otherwise, as the spec does. */
const withRegistrationToken = (registrationToken: string | undefined) =>
  registrationToken
    ? { auth: 'none' as const, headers: { Authorization: `Bearer ${registrationToken}` } }
    : { auth: 'optional' as const };

export const verifyOtpRequestSchema = z.object({ otp: otpSchema, email: emailSchema });
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** Success is exactly the spec's message; anything else is not a created user. The created user is not read. */
export const verifyOtpResponseSchema = z.object({ message: z.literal(USER_CREATED_MESSAGE) });
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/**
 * Any password up to 128 characters is checked by the server (it says only "invalid"); the log-in form
 * also asks for the 8 characters every password has (`passwordSchema`), to say so before sending.
 */
export const credentialsSchema = z.object({
  email: accountEmailSchema,
  password: safeText('Password', 128, { trim: false }, z.minLength(1, 'Password is Required')),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Login and fetch-user answer with the customer to store; it must carry a token. */
export const sessionCustomerSchema = storedCustomerSchema.check(
  z.refine((customer) => tokenOf(customer) !== null, 'The customer carries no token'),
);


export const forgotPasswordRequestSchema = z.object({ email: accountEmailSchema });
export const resetPasswordRequestSchema = z.object({ password: passwordSchema });

export const wishlistSchema = listOf(courseSummarySchema);
export const addToWishlistRequestSchema = z.object({ courseId: idSchema });
export const recentlyViewedSchema = listOf(courseSummarySchema);

export const NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE = 'Email is already subscribed to the newsletter.';
export const newsletterRequestSchema = z.object({ email: emailSchema });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

/** POST user/register: starts a registration and mails a 6-digit code; keep the answer's token for the code step. */
export function register(registration: Registration): Promise<RegistrationResponse> {
  const errors = { fallback: 'Error registering user', useServerMessage: true };
  return call({
    method: 'POST',
    path: 'user/register',
    body: checkRequest(registrationSchema, registration, errors),
    response: registrationResponseSchema,
    errors,
  });
}

/** POST user/register with the email only: mails a new code for this browser's registration. */
export function resendOtp(
  request: ResendOtpRequest,
  registrationToken?: string,
): Promise<z.infer<typeof otpResentResponseSchema>> {
  const errors = { fallback: 'Error resending OTP', useServerMessage: true };
  return call({
    method: 'POST',
    path: 'user/register',
    ...withRegistrationToken(registrationToken),
    body: checkRequest(resendOtpRequestSchema, request, errors),
    response: otpResentResponseSchema,
    errors,
  });
}

/** POST user/verify-otp: creates the user when the code is right for this browser's registration. */
export function verifyOtp(request: VerifyOtpRequest, registrationToken?: string): Promise<VerifyOtpResponse> {
  const errors = { fallback: 'Error verifying OTP' };
  return call({
    method: 'POST',
    path: 'user/verify-otp',
    ...withRegistrationToken(registrationToken),
    body: checkRequest(verifyOtpRequestSchema, request, errors),
    response: verifyOtpResponseSchema,
    errors,
  });
}

/**
 * POST user/login: stores the whole answer as the session's customer (spec section 4), then fetches the
 * cart for the header's count (a failure there only leaves the count at 0).
 */
export async function login(credentials: Credentials): Promise<StoredCustomer> {
  const errors = { fallback: 'Error Logging in', useServerMessage: true };
  const customer = await call({
    method: 'POST',
    path: 'user/login',
    body: checkRequest(credentialsSchema, credentials, errors),
    response: sessionCustomerSchema,
    errors,
  });
  storeCustomer(customer);
  getCart().catch(() => undefined);
  return customer;
}

/** GET user/getuser: the answer replaces the session's customer (spec section 4). */
export async function fetchUser(): Promise<StoredCustomer> {
  const customer = await call({
    method: 'GET',
    path: 'user/getuser',
    auth: 'required',
    withCredentials: true,
    response: sessionCustomerSchema,
    errors: { fallback: 'Failed to fetch user data' },
  });
  storeCustomer(customer);
  return customer;
}

/** The info toast every Logout control shows (spec section 8). */
export const LOGGED_OUT_MESSAGE = 'User Logged Out Successfully';

/**
 * GET user/logout: the server forgets the token, then the session and all browser storage are cleared.
 * On failure the ApiError is thrown and the session is kept, so the customer can try again (a 401 has
 * already signed them out in the HTTP layer).
 */
export async function logout(): Promise<void> {
  await call({
    method: 'GET',
    path: 'user/logout',
    auth: 'required',
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    response: anyReplySchema,
    errors: { fallback: 'Error logging out' },
  });
  clearSession();
}

/**
 * What the edit-user answer may say. A new email is not applied at once on the reference API: it answers
 * the customer as stored (old email) with `pendingEmail` and a message, and mails a confirmation link.
 */
export const editUserResponseSchema = z.object({
  firstname: optionalTextSchema,
  lastname: optionalTextSchema,
  email: optionalTextSchema,
  mobile: z.optional(textOrNumberSchema),
  pendingEmail: optionalTextSchema,
  message: optionalTextSchema,
});
export type EditUserResponse = Profile & { pendingEmail?: string; message?: string };

/**
 * PUT user/edit-user: the session's customer takes the profile as stored (the old _id and token stay):
 * what the server's answer says, else what was sent (any 2xx stored it). Resolves with that profile.
 */
export async function editUser(profile: Profile): Promise<EditUserResponse> {
  const errors = { fallback: 'Error updating user' };
  const sent = checkRequest(profileSchema, profile, errors);
  const reply = await call({ method: 'PUT', path: 'user/edit-user', auth: 'required', body: sent, response: anyReplySchema, errors });
  const said = readAnswer('PUT user/edit-user', editUserResponseSchema, reply).data ?? {};
  const stored = Object.fromEntries(Object.entries(said).filter(([, value]) => value !== undefined));
  const saved = { ...sent, ...stored };
  storeProfile(saved);
  return saved;
}

export const confirmEmailResponseSchema = z.object({ message: z.string(), user: customerSchema });

/**
 * PUT user/confirm-email/{token}: the link mailed to a new address makes it the account's email. When that
 * customer is signed in in this browser, the session shows the new email at once.
 */
export async function confirmEmailChange(token: string): Promise<z.infer<typeof confirmEmailResponseSchema>> {
  const answer = await call({
    method: 'PUT',
    path: `user/confirm-email/${segment(token)}`,
    response: confirmEmailResponseSchema,
    errors: { fallback: 'This link is invalid or has expired', useServerMessage: true },
  });
  if (useSession.getState().customer?._id === answer.user._id) storeProfile(answer.user);
  return answer;
}

/** POST user/forgot-password-token: mails a single-use reset link (the answer is the same for unknown emails). */
export async function requestPasswordReset(request: z.infer<typeof forgotPasswordRequestSchema>): Promise<void> {
  const errors = { fallback: 'Error requesting forgot password token', useServerMessage: true };
  await call({
    method: 'POST',
    path: 'user/forgot-password-token',
    body: checkRequest(forgotPasswordRequestSchema, request, errors),
    response: anyReplySchema,
    errors,
  });
}

/** PUT user/reset-password/{token}: sets a new password with the token from the mailed link. */
export async function resetPassword(token: string, request: z.infer<typeof resetPasswordRequestSchema>): Promise<void> {
  const errors = { fallback: 'Error resetting password' };
  await call({
    method: 'PUT',
    path: `user/reset-password/${segment(token)}`,
    body: checkRequest(resetPasswordRequestSchema, request, errors),
    response: anyReplySchema,
    errors,
  });
}

/** GET user/wishlist: the signed-in customer's saved courses. */
export const getWishlist = (): Promise<CourseSummary[]> =>
  call({
    method: 'GET',
    path: 'user/wishlist',
    auth: 'required',
    response: wishlistSchema,
    errors: { fallback: 'Error getting wishlist' },
  });

/** PUT user/wishlist (not in the spec's list, which has no way to fill the wishlist): adds or removes a course. */
export function toggleWishlist(request: z.infer<typeof addToWishlistRequestSchema>): Promise<CourseSummary[]> {
  const errors = { fallback: 'Error updating wishlist' };
  return call({
    method: 'PUT',
    path: 'user/wishlist',
    auth: 'required',
    body: checkRequest(addToWishlistRequestSchema, request, errors),
    response: wishlistSchema,
    errors,
  });
}

/**
 * GET user/recently-viewed: courses the customer opened, latest first.
 * The spec sends the user id in a GET body, which browsers drop; the server reads it from the token.
 */
export const getRecentlyViewed = (): Promise<CourseSummary[]> =>
  call({
    method: 'GET',
    path: 'user/recently-viewed',
    auth: 'required',
    response: recentlyViewedSchema,
    errors: { fallback: 'Error getting recently viewed products' },
  });

/** POST user/subscribe/newsletter: a 400 with NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE for a known email. */
export async function subscribeToNewsletter(request: NewsletterRequest): Promise<void> {
  const errors = { fallback: 'Error subscribing to newsletter', useServerMessage: true };
  await call({
    method: 'POST',
    path: 'user/subscribe/newsletter',
    body: checkRequest(newsletterRequestSchema, request, errors),
    response: anyReplySchema,
    errors,
  });
}
