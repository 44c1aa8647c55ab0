import { ACCOUNT_FALLBACK, KENYA, saveAddress, shippingAddressSchema, type ShippingAddress, messageOf } from '@agri/api-client';
import { FormField, FormSubmit, PhoneInput, TextField, toast } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { useEffect } from 'react';

interface AddressFormProps {
  initial: ShippingAddress;
  onSaved: (address: ShippingAddress) => void;
}

/** The shipping address, in the form's field names end to end (see the api-client's address schema). */
export function AddressForm({ initial, onSaved }: AddressFormProps) {
  const {
    register,
    submit,
    reset,
    errors,
    busy,
    failure,
    formState: { isDirty },
  } = useSiteForm(shippingAddressSchema, initial, { onFailure: toast.error });
  // A saved address that arrives late (a retry) fills the form only if the customer has not started typing.
  useEffect(() => {
    if (!isDirty) reset(initial);
  }, [initial, isDirty, reset]);

  const onSubmit = submit(
    async (address: ShippingAddress) => {
      const saved = await saveAddress(address);
      toast.info('Address Saved Successfully');
      onSaved(saved);
    },
    (error) => messageOf(error, ACCOUNT_FALLBACK),
  );

  return (
    <form className="account-form profile-card" noValidate onSubmit={onSubmit}>
      <div className="account-form__row">
        <TextField label="First Name" error={errors.firstName?.message} {...register('firstName')} autoComplete="shipping given-name" />
        <TextField label="Last Name" error={errors.lastName?.message} {...register('lastName')} autoComplete="shipping family-name" />
      </div>
      <FormField label="County" error={errors.county?.message}>
        {(field) => (
          <select {...field} {...register('county')} className="ui-input">
            <option value="">Select county</option>
            <option value={KENYA}>Kenya</option>
          </select>
        )}
      </FormField>
      <TextField
        label="Address"
        error={errors.address?.message}
        hint="Street, building and floor, or a landmark we can find."
        {...register('address')}
        autoComplete="shipping address-line1"
      />
      <TextField label="Apartment, suite, etc." optional error={errors.other?.message} {...register('other')} autoComplete="shipping address-line2" />
      <TextField
        label="Area"
        error={errors.area?.message}
        hint="Town or area, e.g. Westlands, Nairobi."
        {...register('area')}
        autoComplete="shipping address-level2"
      />
      <div className="account-form__row">
        <FormField label="Phone Number" error={errors.phoneNumber?.message}>
          {(field) => <PhoneInput {...field} {...register('phoneNumber')} />}
        </FormField>
        <FormField label="Additional Number" optional error={errors.additionalNumber?.message}>
          {(field) => <PhoneInput {...field} {...register('additionalNumber')} autoComplete="off" />}
        </FormField>
      </div>
      <FormSubmit wide failure={failure} busy={busy} label="Save Address" busyLabel="Saving..." />
    </form>
  );
}
