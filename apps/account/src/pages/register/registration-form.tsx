import { ACCOUNT_FALLBACK, messageOf, phoneForField, register as registerCustomer, registrationSchema, type Registration } from '@agri/api-client';
import { FormField, FormSubmit, PhoneInput, TextField, toast } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';

interface RegistrationFormProps {
  /** What the customer typed before, when they come back from the code step. */
  initial: Registration | null;
  /** `registrationToken` binds the code step to this browser's registration (absent on servers without it). */
  onCodeSent: (registration: Registration, registrationToken: string | undefined) => void;
}

/** Step 1: the customer's details; the server mails a 6-digit code to the email. */
export function RegistrationForm({ initial, onCodeSent }: RegistrationFormProps) {
  const emptyRegistration = { firstname: '', lastname: '', email: '', mobile: '', password: '' };
  // Back from the code step: the mobile as its field shows it, after the '+ 254' prefix.
  const typed = initial ? { ...initial, mobile: phoneForField(initial.mobile) } : emptyRegistration;
  const { register, submit, errors, busy, failure } = useSiteForm(registrationSchema, typed, { onFailure: toast.error });

  const onSubmit = submit(
    async (registration: Registration) => {
      const { registrationToken } = await registerCustomer(registration);
      toast.info('OTP has been sent to your email');
      onCodeSent(registration, registrationToken);
    },
    (error) => messageOf(error, ACCOUNT_FALLBACK),
  );

  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <div className="account-form__row">
        <TextField label="First Name" error={errors.firstname?.message} {...register('firstname')} autoComplete="given-name" />
        <TextField label="Last Name" error={errors.lastname?.message} {...register('lastname')} autoComplete="family-name" />
      </div>
      <TextField label="Email Address" error={errors.email?.message} {...register('email')} type="email" autoComplete="email" />
      <FormField label="Mobile Number" error={errors.mobile?.message}>
        {(field) => <PhoneInput {...field} {...register('mobile')} />}
      </FormField>
      <TextField
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters, and not a common password."
        {...register('password')}
        type="password"
        autoComplete="new-password"
      />
      <FormSubmit wide failure={failure} busy={busy} label="Create Account" busyLabel="Sending code..." />
    </form>
  );
}
