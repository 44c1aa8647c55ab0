import { getAddress, selectCustomer, useSession, type ShippingAddress, type StoredCustomer } from '@agri/api-client';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { LoadError } from '../../features/loading/load-error';
import { LoadingBlock } from '../../features/loading/loading-block';
import { useLoad } from '../../features/loading/use-load';
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
  phoneNumber: customer && /^[0-9]+$/.test(customer.mobile) ? customer.mobile : '',
  additionalNumber: '',
});

function ShippingAddressArea() {
  const customer = useSession(selectCustomer);
  const navigate = useNavigate();
  const { search } = useLocation();
  const { state, reload } = useLoad(getAddress);

  if (state.status === 'loading') return <LoadingBlock label="Loading your saved address" lines={8} lineHeight="2.75rem" />;
  if (state.status === 'error') return <LoadError title="Your address could not be loaded" message={state.message} onRetry={reload} />;
  const saved = state.data;
  return (
    <AddressForm
      initial={saved ? { ...saved, other: saved.other ?? '', additionalNumber: saved.additionalNumber ?? '' } : startingAddress(customer)}
      onSaved={() => navigate(redirectTarget(search))}
    />
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
