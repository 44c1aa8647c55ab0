import { formatPhone, selectCustomer, useSession, type ShippingAddress } from '@agri/api-client';
import { Button, useLogOut } from '@agri/ui';
import { Link, useNavigate } from '@agri/ui/router';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { PencilIcon } from '../../features/account-layout/pencil-icon';
import { AccountAreaView, useAccountArea } from '../../features/loading/account-area';
import { useShippingInformation } from '../../features/loading/account-areas';

const shown = (value: string | undefined): string => (value && value.trim() !== '' ? value : 'None');

function Detail({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="detail-list__row">
      <dt>{label}</dt>
      <dd>{shown(value)}</dd>
    </div>
  );
}

interface SectionHeadingProps {
  id: string;
  title: string;
  editTo: string;
  editLabel: string;
}

function SectionHeading({ id, title, editTo, editLabel }: SectionHeadingProps) {
  return (
    <div className="profile-card__heading">
      <h2 id={id}>{title}</h2>
      <Link to={editTo} className="icon-link" aria-label={editLabel} title={editLabel}>
        <PencilIcon />
      </Link>
    </div>
  );
}

function ShippingDetails({ address }: { address: ShippingAddress | null }) {
  return (
    <dl className="detail-list ui-facts">
      <Detail label="Region" value={address?.county} />
      <Detail label="First Name" value={address?.firstName} />
      <Detail label="Address" value={address?.address} />
      <Detail label="Town / Area" value={address?.area} />
      <Detail label="Phone" value={address?.phoneNumber && formatPhone(address.phoneNumber)} />
      <Detail label="Additional Number" value={address?.additionalNumber && formatPhone(address.additionalNumber)} />
    </dl>
  );
}

function ShippingInformation() {
  const area = useAccountArea(useShippingInformation);
  return (
    <AccountAreaView area={area} lines={6} loadingLabel="Loading your shipping information" failureTitle="Shipping information unavailable">
      {(address) => <ShippingDetails address={address} />}
    </AccountAreaView>
  );
}

function AccountDetails() {
  const customer = useSession(selectCustomer);
  if (!customer) return null;
  return (
    <dl className="detail-list ui-facts">
      <Detail label="User ID" value={customer._id} />
      <Detail label="Full Name" value={`${customer.firstname} ${customer.lastname}`} />
      <Detail label="Email" value={customer.email} />
      <Detail label="Phone" value={formatPhone(customer.mobile)} />
    </dl>
  );
}

/** The password, and a way out of every device (a lost phone, a shared computer) that also voids every link mailed for the account. */
function Security() {
  const navigate = useNavigate();
  const { logOut, isLoggingOut } = useLogOut(() => void navigate('/login', { replace: true }), { everywhere: true });
  return (
    <section className="profile-card" aria-labelledby="account-security">
      <h2 id="account-security">Security</h2>
      <p>
        <Link to="/change-password">Change Password</Link>
      </p>
      <p>Signed in on a device you no longer use? Log out everywhere: every device, this one too, will need your password again.</p>
      <Button variant="secondary" onClick={() => void logOut()} disabled={isLoggingOut}>
        {isLoggingOut ? 'Logging out...' : 'Log Out Everywhere'}
      </Button>
    </section>
  );
}

export default function MyProfilePage() {
  return (
    <AccountLayout title="My Profile">
      <div className="profile-grid">
        <section className="profile-card" aria-labelledby="account-details">
          <SectionHeading id="account-details" title="Account Details" editTo="/edit-profile" editLabel="Edit profile" />
          <AccountDetails />
        </section>
        <section className="profile-card" aria-labelledby="shipping-information">
          <SectionHeading id="shipping-information" title="Shipping Information" editTo="/address" editLabel="Edit shipping address" />
          <ShippingInformation />
        </section>
        <Security />
      </div>
    </AccountLayout>
  );
}
