import { ACCOUNT_FALLBACK, createOrder, formatPhone, getApiSettings, type ShippingAddress } from '@agri/api-client';
import { Button, ButtonLink, useAction } from '@agri/ui';
import { Link, useNavigate } from '@agri/ui/router';
import { AccountAreaView, useAccountArea } from '../../features/loading/account-area';
import { useCheckoutAddress } from '../../features/loading/account-areas';

/** Checkout: the whole cart becomes an order sent to the saved shipping address. */
export function Checkout({ disabled }: { disabled: boolean }) {
  const area = useAccountArea(useCheckoutAddress);
  return (
    <AccountAreaView area={area} lines={2} loadingLabel="Loading your shipping address" failureTitle="Shipping address unavailable">
      {(address) => <CheckoutTo address={address} disabled={disabled} />}
    </AccountAreaView>
  );
}

function CheckoutTo({ address, disabled }: { address: ShippingAddress | null; disabled: boolean }) {
  const navigate = useNavigate();
  const { busy: isOrdering, act } = useAction();

  if (!address) {
    return (
      <div className="checkout">
        <h2>Shipping Address</h2>
        <p>Add the address we should send your course materials to, then check out.</p>
        <ButtonLink to="/address?redirect=/cart">Add Shipping Address</ButtonLink>
      </div>
    );
  }

  const checkOut = () =>
    act(
      async () => {
        const order = await createOrder({ shippingInfo: address });
        // Where the API takes M-Pesa, the new order's payment opens at once.
        void navigate(order && getApiSettings().mpesa ? `/my-orders?pay=${encodeURIComponent(order._id)}` : '/my-orders');
      },
      { done: 'Ordered Created Successfully', failed: () => ACCOUNT_FALLBACK },
    );

  return (
    <div className="checkout">
      <h2>Shipping Address</h2>
      <address className="checkout__address">
        {address.firstName} {address.lastName}
        <br />
        {address.address}
        {address.other ? `, ${address.other}` : ''}
        <br />
        {address.area}, {address.county}
        <br />
        {formatPhone(address.phoneNumber)}
      </address>
      <p>
        <Link to="/address?redirect=/cart">
          Change<span className="visually-hidden"> shipping address</span>
        </Link>
      </p>
      <Button onClick={() => void checkOut()} disabled={disabled || isOrdering} className="checkout__button">
        {isOrdering ? 'Placing order...' : 'Check Out'}
      </Button>
    </div>
  );
}
