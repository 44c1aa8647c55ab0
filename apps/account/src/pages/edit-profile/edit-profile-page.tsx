import {
  ACCOUNT_FALLBACK,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  editUser,
  messageOf,
  phoneForField,
  profileSchema,
  selectCustomer,
  useSession,
  z,
  type EditUserRequest,
  type StoredCustomer,
} from '@agri/api-client';
import { Button, FormFailure, FormField, PhoneInput, TextField, toast } from '@agri/ui';
import { useSiteForm, useWatch } from '@agri/ui/forms';
import { useMemo, useState } from 'react';
import { Link } from '@agri/ui/router';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { PencilIcon } from '../../features/account-layout/pencil-icon';

const profileOf = (customer: StoredCustomer): EditUserRequest => ({
  firstname: customer.firstname,
  lastname: customer.lastname,
  email: customer.email,
  mobile: phoneForField(customer.mobile),
  currentPassword: '',
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The contract's profile; a new email also needs the current password (the server checks it). */
const profileFormSchema = (currentEmail: string) =>
  z.extend(profileSchema, { currentPassword: z.optional(z.string()) }).check(
    z.refine((form) => sameEmail(form.email, currentEmail) || Boolean(form.currentPassword), {
      path: ['currentPassword'],
      message: CURRENT_PASSWORD_REQUIRED_MESSAGE,
    }),
  );

/** The form's heading, with the edit icon while it is locked, and what to do now. */
function ProfileHeading({ isLocked, onUnlock }: { isLocked: boolean; onUnlock: () => void }) {
  return (
    <>
      <div className="profile-card__heading">
        <h2>Personal Details</h2>
        {isLocked ? (
          <button type="button" className="icon-link" onClick={onUnlock} aria-label="Edit profile details" title="Edit profile details">
            <PencilIcon />
          </button>
        ) : null}
      </div>
      <p className="account-form__status" role="status">
        {isLocked ? 'Press the edit icon to change your details.' : 'Editing: change your details, then save.'}
      </p>
    </>
  );
}

/** The profile form: locked until the edit icon is pressed, locked again once saved. */
function ProfileForm({ customer }: { customer: StoredCustomer }) {
  const [isLocked, setLocked] = useState(true);
  /** Set when the server mailed a confirmation link to a new email instead of changing it at once. */
  const [emailNotice, setEmailNotice] = useState<string | null>(null);
  const schema = useMemo(() => profileFormSchema(customer.email), [customer.email]);
  const { register, submit, reset, setFocus, control, errors, busy, failure, clearFailure } = useSiteForm(schema, profileOf(customer), {
    onFailure: toast.error,
  });
  const changesEmail = !sameEmail(useWatch({ control, name: 'email' }) ?? '', customer.email);

  const unlock = () => {
    setLocked(false);
    clearFailure();
    // The field becomes editable on the next render; focus it then.
    setTimeout(() => setFocus('firstname'));
  };

  const cancel = () => {
    reset(profileOf(customer));
    clearFailure();
    setLocked(true);
  };

  const onSubmit = submit(
    async ({ currentPassword, ...profile }: EditUserRequest) => {
      const saved = await editUser(sameEmail(profile.email, customer.email) ? profile : { ...profile, currentPassword });
      reset(profileOf({ ...customer, ...saved }));
      setLocked(true);
      setEmailNotice(saved.pendingEmail ? (saved.message ?? `We sent a link to ${saved.pendingEmail} to confirm your new email.`) : null);
      toast.success('Profile Updated Successfully');
    },
    (error) => messageOf(error, ACCOUNT_FALLBACK, { from: 'server' }),
  );

  return (
    <form className="account-form profile-card" noValidate onSubmit={onSubmit}>
      <ProfileHeading isLocked={isLocked} onUnlock={unlock} />
      <div className="account-form__row">
        <TextField label="First Name" error={errors.firstname?.message} {...register('firstname')} readOnly={isLocked} autoComplete="given-name" />
        <TextField label="Last Name" error={errors.lastname?.message} {...register('lastname')} readOnly={isLocked} autoComplete="family-name" />
      </div>
      <TextField label="Email Address" error={errors.email?.message} {...register('email')} type="email" readOnly={isLocked} autoComplete="email" />
      <FormField label="Phone Number" error={errors.mobile?.message}>
        {(field) => <PhoneInput {...field} {...register('mobile')} readOnly={isLocked} />}
      </FormField>
      {changesEmail && !isLocked ? (
        <TextField
          label="Current Password"
          hint="Needed to change your email. We also tell your current address, with a way to undo it."
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
          type="password"
          autoComplete="current-password"
        />
      ) : null}
      {emailNotice ? (
        <p className="account-form__notice" role="status">
          {emailNotice}
        </p>
      ) : null}
      <FormFailure message={failure} />
      {isLocked ? null : (
        <div className="account-form__actions">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      )}
    </form>
  );
}

function EditProfile() {
  const customer = useSession(selectCustomer);
  return customer ? <ProfileForm customer={customer} /> : null;
}

export default function EditProfilePage() {
  return (
    <AccountLayout title="Edit Profile">
      <p>
        <Link to="/my-profile">Back to My Profile</Link>
      </p>
      <EditProfile />
    </AccountLayout>
  );
}
