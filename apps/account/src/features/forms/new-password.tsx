import { z } from '@agri/api-client';
import { TextField } from '@agri/ui';
import type { FieldErrors } from '@agri/ui/forms';
import type { ComponentPropsWithRef } from 'react';

interface NewPasswordForm {
  password: string;
  confirmPassword: string;
}

/**
 * A new password is typed twice (reset, change). The contract checks the password; the confirmation is the
 * site's own field: required, and equal to the password.
 */
export const confirmPasswordField = { confirmPassword: z.string().check(z.minLength(1, 'Please confirm your new password')) };
export const passwordsMatch = z.refine<NewPasswordForm>((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  message: 'The two passwords do not match',
});

interface NewPasswordFieldsProps {
  /** The form's `register` (it may hold more fields: the current password). */
  register: (name: keyof NewPasswordForm) => ComponentPropsWithRef<'input'>;
  errors: FieldErrors<NewPasswordForm>;
}

/** The new password and its confirmation, as every form that chooses a password shows them. */
export function NewPasswordFields({ register, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New Password"
        error={errors.password?.message}
        hint="At least 8 characters, and not a common password."
        {...register('password')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        label="Confirm New Password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
