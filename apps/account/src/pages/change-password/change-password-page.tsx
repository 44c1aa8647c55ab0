import { ACCOUNT_FALLBACK, changePassword, changePasswordRequestSchema, z, messageOf } from '@agri/api-client';
import { FormSubmit, TextField, toast } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { Link, useNavigate } from '@agri/ui/router';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { confirmPasswordField, NewPasswordFields, passwordsMatch } from '../../features/forms/new-password';

// The contract's rules (the current password, the new one's); the confirmation is this form's own.
const changePasswordFormSchema = z.extend(changePasswordRequestSchema, confirmPasswordField).check(passwordsMatch);
type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** A signed-in customer's new password: the current one first; every other device is logged out. */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const { register, submit, errors, busy, failure } = useSiteForm(
    changePasswordFormSchema,
    { currentPassword: '', password: '', confirmPassword: '' },
    { onFailure: toast.error },
  );

  const onSubmit = submit(
    async ({ currentPassword, password }: ChangePasswordForm) => {
      await changePassword({ currentPassword, password });
      toast.success('Password Updated Successfully');
      void navigate('/my-profile');
    },
    (error) => messageOf(error, ACCOUNT_FALLBACK, { from: 'server' }),
  );

  return (
    <AccountLayout title="Change Password" intro="Choose a new password. Every other device signed in to your account is logged out.">
      <p>
        <Link to="/my-profile">Back to My Profile</Link>
      </p>
      <form className="account-form profile-card" noValidate onSubmit={onSubmit}>
        <TextField
          label="Current Password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields register={register} errors={errors} />
        <FormSubmit wide failure={failure} busy={busy} label="Change Password" busyLabel="Saving..." />
      </form>
    </AccountLayout>
  );
}
