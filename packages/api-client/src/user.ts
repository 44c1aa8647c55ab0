import type * as z from 'zod/mini';
import { anyReplySchema, readAnswer } from './contract/reader';
import {
  type ChangePasswordRequest,
  changePasswordRequestSchema,
  confirmEmailResponseSchema,
  type Credentials,
  credentialsSchema,
  type EditUserRequest,
  editUserRequestSchema,
  type EditUserResponse,
  editUserResponseSchema,
  forgotPasswordRequestSchema,
  messageAnswerSchema,
  type NewsletterRequest,
  newsletterRequestSchema,
  otpResentResponseSchema,
  type Registration,
  type RegistrationResponse,
  registrationResponseSchema,
  registrationSchema,
  type ResendOtpRequest,
  resendOtpRequestSchema,
  resetPasswordRequestSchema,
  sessionCustomerSchema,
  type StoredCustomer,
  type VerifyOtpRequest,
  verifyOtpRequestSchema,
  type VerifyOtpResponse,
  verifyOtpResponseSchema,
} from './contract/user';
import { getCart } from './cart';
import { ACCOUNT_FALLBACK } from './errors';
import { call, callWithChecked, checkRequest, segment } from './http';
import { clearSession, storeCustomer, storeProfile, useSession } from './session/session-store';

/** The registration token as the bearer of resend and verify-otp; the session's token otherwise, as the spec does. */
const withRegistrationToken = (registrationToken: string | undefined) =>
  registrationToken ? { auth: 'none' as const, headers: { Authorization: `Bearer ${registrationToken}` } } : { auth: 'optional' as const };

/** POST user/register: starts a registration and mails a 6-digit code; keep the answer's token for the code step. */
export async function register(registration: Registration): Promise<RegistrationResponse> {
  return callWithChecked(registrationSchema, registration, {
    method: 'POST',
    path: 'user/register',
    once: true,
    response: registrationResponseSchema,
    errors: { fallback: 'Error registering user', useServerMessage: true },
  });
}

/** POST user/register with the email only: mails a new code for this browser's registration. */
export async function resendOtp(request: ResendOtpRequest, registrationToken?: string): Promise<z.infer<typeof otpResentResponseSchema>> {
  return callWithChecked(resendOtpRequestSchema, request, {
    method: 'POST',
    path: 'user/register',
    ...withRegistrationToken(registrationToken),
    response: otpResentResponseSchema,
    errors: { fallback: 'Error resending OTP', useServerMessage: true },
  });
}

/** POST user/verify-otp: creates the user when the code is right for this browser's registration. */
export async function verifyOtp(request: VerifyOtpRequest, registrationToken?: string): Promise<VerifyOtpResponse> {
  return callWithChecked(verifyOtpRequestSchema, request, {
    method: 'POST',
    path: 'user/verify-otp',
    ...withRegistrationToken(registrationToken),
    response: verifyOtpResponseSchema,
    errors: { fallback: 'Error verifying OTP' },
  });
}

/**
 * POST user/login: stores the whole answer as the session's customer (spec section 4), then fetches the
 * cart for the header's count (a failure there only leaves the count at 0).
 */
export async function login(credentials: Credentials): Promise<StoredCustomer> {
  const customer = await callWithChecked(credentialsSchema, credentials, {
    method: 'POST',
    path: 'user/login',
    response: sessionCustomerSchema,
    errors: { fallback: 'Error Logging in', useServerMessage: true },
  });
  storeCustomer(customer);
  getCart().catch(() => undefined);
  return customer;
}

/**
 * GET user/getuser: the answer replaces the session's customer (spec section 4). No page calls it yet (login
 * answers the customer, and a page shows the session's): it is kept, with the calls of saved-courses.ts, because
 * the contract holds a typed call for every call of spec section 7, and the contract test runs it against the API.
 */
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
 * PUT user/edit-user: the session's customer takes the profile as stored (the old _id and token stay):
 * what the server's answer says, else what was sent (any 2xx stored it). Resolves with that profile.
 */
export async function editUser(request: EditUserRequest): Promise<EditUserResponse> {
  const errors = { fallback: 'Error updating user', useServerMessage: true };
  const sent = checkRequest(editUserRequestSchema, request, errors);
  const reply = await call({ method: 'PUT', path: 'user/edit-user', auth: 'required', body: sent, response: anyReplySchema, errors });
  const said = readAnswer('PUT user/edit-user', editUserResponseSchema, reply).data ?? {};
  const stored = Object.fromEntries(Object.entries(said).filter(([, value]) => value !== undefined));
  // The current password (sent when the email changes) is never kept.
  const { currentPassword: _currentPassword, ...profile } = sent;
  const saved = { ...profile, ...stored };
  storeProfile(saved);
  return saved;
}

/**
 * PUT user/confirm-email/{token}: the link mailed to a new address makes it the account's email. When that
 * customer is signed in in this browser, the session shows the new email at once.
 */
export async function confirmEmailChange(token: string): Promise<z.infer<typeof confirmEmailResponseSchema>> {
  const answer = await call({
    method: 'PUT',
    path: `user/confirm-email/${segment(token)}`,
    // The change ends every other session of the account; the one of this browser, sent here, stays.
    auth: 'optional',
    response: confirmEmailResponseSchema,
    errors: { fallback: 'This link is invalid or has expired', useServerMessage: true },
  });
  if (useSession.getState().customer?._id === answer.user._id) storeProfile(answer.user);
  return answer;
}

/** POST user/forgot-password-token: mails a single-use reset link (the answer is the same for unknown emails). */
export async function requestPasswordReset(request: z.infer<typeof forgotPasswordRequestSchema>): Promise<void> {
  await callWithChecked(forgotPasswordRequestSchema, request, {
    method: 'POST',
    path: 'user/forgot-password-token',
    response: anyReplySchema,
    errors: { fallback: 'Error requesting forgot password token', useServerMessage: true },
  });
}

/** PUT user/reset-password/{token}: sets a new password with the token from the mailed link. */
export async function resetPassword(token: string, request: z.infer<typeof resetPasswordRequestSchema>): Promise<void> {
  await callWithChecked(resetPasswordRequestSchema, request, {
    method: 'PUT',
    path: `user/reset-password/${segment(token)}`,
    response: anyReplySchema,
    errors: { fallback: 'Error resetting password' },
  });
}

/** POST user/subscribe/newsletter: a 400 with NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE for a known email. */
export async function subscribeToNewsletter(request: NewsletterRequest): Promise<void> {
  await callWithChecked(newsletterRequestSchema, request, {
    method: 'POST',
    path: 'user/subscribe/newsletter',
    once: true,
    response: anyReplySchema,
    errors: { fallback: 'Error subscribing to newsletter', useServerMessage: true },
  });
}

/**
 * PUT user/undo-email-change/{token} (an addition): the link mailed to the old address keeps it (or takes the
 * account back to it) and logs every device out, this one included. Resolves with the server's message.
 */
export async function undoEmailChange(token: string): Promise<string> {
  const answer = await call({
    method: 'PUT',
    path: `user/undo-email-change/${segment(token)}`,
    response: messageAnswerSchema,
    errors: { fallback: 'This link is invalid or has expired', useServerMessage: true },
  });
  clearSession();
  return answer.message;
}

/** PUT user/change-password (an addition): a new password with the current one; the other sessions end, this one stays. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await callWithChecked(changePasswordRequestSchema, request, {
    method: 'PUT',
    path: 'user/change-password',
    auth: 'required',
    response: anyReplySchema,
    errors: { fallback: ACCOUNT_FALLBACK, useServerMessage: true },
  });
}

/**
 * POST user/logout-everywhere (an addition): ends every session of the account and every link mailed for it
 * (a pending email change, password resets), then clears this browser as `logout` does.
 */
export async function logoutEverywhere(): Promise<void> {
  await call({
    method: 'POST',
    path: 'user/logout-everywhere',
    auth: 'required',
    response: anyReplySchema,
    errors: { fallback: 'Error logging out' },
  });
  clearSession();
}
