import { z } from 'zod';

/**
 * Field rules of the forms the spec leaves open (log in, register, code, password reset).
 * The wording follows the spec's own field messages where one exists.
 */
export const emailField = z
  .string()
  .trim()
  .min(1, 'Email Address is Required')
  .pipe(z.email('Email Should be valid'));

export const newPasswordField = z
  .string()
  .min(1, 'Password is Required')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const mobileField = z
  .string()
  .trim()
  .min(1, 'Mobile No is Required')
  .regex(/^[0-9]{7,15}$/, 'Mobile No must be 7 to 15 digits');

export const otpField = z
  .string()
  .trim()
  .min(1, 'OTP is Required')
  .regex(/^[0-9]{6}$/, 'OTP must be the 6 digits from your email');
