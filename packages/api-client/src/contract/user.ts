import * as z from 'zod/mini';
import { emailSchema, idSchema, mobileSchema, safeText } from './common';
import { courseSummarySchema } from './courses';
import { listOf, optionalTextSchema, serverIdSchema, textOrNumberSchema } from './reader';

/** The stored customer: the login response as the server sent it (the token may sit under `user`). */
export const storedCustomerSchema = z.looseObject({
  _id: serverIdSchema,
  token: z.optional(z.string()),
  user: z.optional(z.looseObject({ token: z.optional(z.string()) })),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: textOrNumberSchema,
});
export type StoredCustomer = z.output<typeof storedCustomerSchema>;

/** The bearer token, wherever the server put it. */
export const tokenOf = (customer: StoredCustomer | null): string | null => customer?.token ?? customer?.user?.token ?? null;

/**
 * What the registration says, in one place: the spec names the first three (the answer schemas below expect
 * them word for word); the API refuses with the others, and the test API (testing/handlers.ts) says them alike.
 */
export const REGISTRATION_MESSAGES = {
  otpSent: 'OTP has been sent to your email',
  otpResent: 'OTP has been resent successfully',
  userCreated: 'User created successfully',
  expired: 'This registration has expired. Please register again.',
  invalidOtp: 'Invalid OTP',
} as const;

/*
 * The account forms' rules are these schemas, messages included: a form adds only what is its own
 * (the confirm-password match). The server checks the same schemas on arrival.
 */

/** The email of an account form (log in, register, forgot password, profile). */
const accountEmailSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'Email Address is Required')),
  z.email('Email Should be valid').check(z.maxLength(254)),
);

/** Every account's password: any printable characters, kept as typed (not trimmed), 8 to 128 of them. */
export const passwordSchema = safeText(
  'Password',
  128,
  { trim: false },
  z.minLength(1, 'Password is Required'),
  z.minLength(8, 'Password must be at least 8 characters'),
);

/**
 * A password being chosen (registration, reset, change): the server also refuses the most common ones, with
 * COMMON_PASSWORD_MESSAGE (apps/api/src/accounts/common-passwords.ts). Their list stays on the server: in the
 * form it cost a phone 33 KB on the way to its first course, for the few who choose one of them.
 */
export const newPasswordSchema = passwordSchema;

/** Said when a new password is among the most common ones (register, reset, change). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too easy to guess. Please choose another.';

/** The password a signed-in customer types to prove it is them (any their account may have, up to 128 characters). */
export const currentPasswordSchema = safeText('Current password', 128, { trim: false }, z.minLength(1, 'Current Password is Required'));
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password to change your email.';
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Your current password is not correct.';

/** The 6-digit code mailed at registration. */
export const otpSchema = z.string().check(z.trim(), z.minLength(1, 'OTP is Required'), z.regex(/^[0-9]{6}$/, 'OTP must be the 6 digits from your email'));

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

/** PUT user/edit-user: the profile, and the current password when the email changes. */
export const editUserRequestSchema = z.extend(profileSchema, { currentPassword: z.optional(currentPasswordSchema) });
export type EditUserRequest = z.infer<typeof editUserRequestSchema>;

export const registrationSchema = z.extend(profileSchema, { password: newPasswordSchema });
export type Registration = z.infer<typeof registrationSchema>;

/** Resending the OTP reuses POST user/register with the pending email only: nothing else is in the body. */
export const resendOtpRequestSchema = z.strictObject({ email: emailSchema });
export type ResendOtpRequest = z.infer<typeof resendOtpRequestSchema>;

export const otpResentResponseSchema = z.object({ message: z.literal(REGISTRATION_MESSAGES.otpResent) });

/**
 * The register answer. The reference API adds a registration token that binds the code to this browser:
 * resend and verify-otp send it back ("with auth"), so nobody else's registration of the same email can
 * complete or replace this one. A server without it is still read.
 */
export const registrationResponseSchema = z.object({ message: optionalTextSchema, registrationToken: optionalTextSchema });
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const verifyOtpRequestSchema = z.object({ otp: otpSchema, email: emailSchema });
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** Success is exactly the spec's message; anything else is not a created user. The created user is not read. */
export const verifyOtpResponseSchema = z.object({ message: z.literal(REGISTRATION_MESSAGES.userCreated) });
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
export const sessionCustomerSchema = storedCustomerSchema.check(z.refine((customer) => tokenOf(customer) !== null, 'The customer carries no token'));

export const forgotPasswordRequestSchema = z.object({ email: accountEmailSchema });
export const resetPasswordRequestSchema = z.object({ password: newPasswordSchema });

/** PUT user/change-password (an addition to the spec): a signed-in customer's new password, with the current one. */
export const changePasswordRequestSchema = z.object({ currentPassword: currentPasswordSchema, password: newPasswordSchema });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const wishlistSchema = listOf(courseSummarySchema);
export const addToWishlistRequestSchema = z.object({ courseId: idSchema });
export const recentlyViewedSchema = listOf(courseSummarySchema);

export const NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE = 'Email is already subscribed to the newsletter.';
export const newsletterRequestSchema = z.object({ email: emailSchema });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

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

export const confirmEmailResponseSchema = z.object({ message: z.string(), user: customerSchema });

/** An answer that only says something, e.g. the undo of an email change. */
export const messageAnswerSchema = z.object({ message: z.string() });
