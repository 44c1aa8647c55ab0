import { phoneForField, selectCustomer, type DataAreaState, useSession, type ShippingAddress, type StoredCustomer } from '@agri/api-client';
import { Button } from '@agri/ui';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from '@agri/ui/router';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { AccountAreaView, useAccountArea } from '../../features/loading/account-area';
import { useSavedAddress } from '../../features/loading/account-areas';
import { redirectTarget } from '../../features/session/redirect';
import { AddressForm } from './address-form';

/** A first address starts from the customer's own name and mobile. */
const startingAddress = (customer: StoredCustomer | null): ShippingAddress => ({
  firstName: customer?.firstname ?? '',
  lastName: customer?.lastname ?? '',
  county: '',
  address: '',
  other: '',
  area: '',
  phoneNumber: customer ? phoneForField(customer.mobile) : '',
  additionalNumber: '',
});

/** Shown above the form while the saved address cannot be read: the customer can still enter one. */
function UnreadAddressNotice({ area, onRetry }: { area: Pick<DataAreaState<unknown>, 'isLoading' | 'isSuccess' | 'message'>; onRetry: () => void }) {
  if (area.isSuccess && !area.isLoading) return null;
  if (area.isLoading) {
    return (
      <p className="account-form__notice" role="status">
        Loading your saved address...
      </p>
    );
  }
  return (
    <div className="account-form__notice account-form__notice--problem" role="alert">
      <p>Your saved address could not be loaded ({area.message}). You can still enter an address below.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function ShippingAddressArea() {
  const customer = useSession(selectCustomer);
  const navigate = useNavigate();
  const { search } = useLocation();
  const area = useAccountArea(useSavedAddress);
  // After a failed read the form stays on screen, through every retry, so nothing typed is lost: the one data
  // area whose failure does not replace its content.
  const [readFailed, setReadFailed] = useState(false);
  if (area.isError && !readFailed) setReadFailed(true);
  const saved = area.isSuccess && !area.isLoading ? area.data : null;
  const initial = useMemo(
    () =>
      saved
        ? { ...saved, other: saved.other ?? '', phoneNumber: phoneForField(saved.phoneNumber), additionalNumber: phoneForField(saved.additionalNumber ?? '') }
        : startingAddress(customer),
    [saved, customer],
  );
  const form = <AddressForm initial={initial} onSaved={() => navigate(redirectTarget(search))} />;

  if (readFailed) {
    return (
      <>
        <UnreadAddressNotice area={area} onRetry={() => void area.run()} />
        {form}
      </>
    );
  }
  return (
    <AccountAreaView area={area} lines={8} lineHeight="2.75rem" loadingLabel="Loading your saved address" failureTitle="Your saved address could not be loaded">
      {() => form}
    </AccountAreaView>
  );
}

export default function AddressPage() {
  return (
    <AccountLayout title="Shipping Address" intro="Where we send your course materials and certificates.">
      <p>
        <Link to="/my-profile">
          Back<span className="visually-hidden"> to My Profile</span>
        </Link>
      </p>
      <ShippingAddressArea />
    </AccountLayout>
  );
}
