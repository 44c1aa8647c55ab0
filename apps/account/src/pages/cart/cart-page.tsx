import { ACCOUNT_FALLBACK, emptyCart, removeFromCart, updateCartQuantity, type Cart, type CartItem } from '@agri/api-client';
import { Button, ButtonLink, formatKes, StatusPanel, useAction } from '@agri/ui';
import { Link } from '@agri/ui/router';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { AccountAreaView, useAccountArea } from '../../features/loading/account-area';
import { useCartArea } from '../../features/loading/account-areas';
import { CartSummary } from './cart-summary';
import { Checkout } from './checkout';

const MAX_SEATS_OFFERED = 10;

const seatOptions = (current: number): number[] => Array.from({ length: Math.max(MAX_SEATS_OFFERED, current) }, (_, index) => index + 1);

interface CartLineProps {
  item: CartItem;
  busy: boolean;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
}

function CartLine({ item, busy, onQuantity, onRemove }: CartLineProps) {
  const selectId = `seats-${item._id}`;
  return (
    <li className="cart-line">
      <div className="cart-line__course">
        <Link to={`/course/${item.course._id}`} className="cart-line__title">
          {item.course.title}
        </Link>
        <span className="cart-line__meta">
          {formatKes(item.price)} per seat · {item.course.duration}
        </span>
      </div>
      <div className="cart-line__quantity">
        <label htmlFor={selectId}>
          Seats<span className="visually-hidden"> for {item.course.title}</span>
        </label>
        <select id={selectId} className="ui-input" value={item.quantity} disabled={busy} onChange={(event) => onQuantity(item, Number(event.target.value))}>
          {seatOptions(item.quantity).map((seats) => (
            <option key={seats} value={seats}>
              {seats}
            </option>
          ))}
        </select>
      </div>
      <span className="cart-line__total">{formatKes(item.price * item.quantity)}</span>
      <Button variant="ghost" className="cart-line__remove" disabled={busy} onClick={() => onRemove(item)}>
        Remove<span className="visually-hidden"> {item.course.title}</span>
      </Button>
    </li>
  );
}

function CartContents({ cart, onChange }: { cart: Cart; onChange: (cart: Cart) => void }) {
  const { busy, act } = useAction();

  /** Every cart call answers with the whole cart (and updates the header's count). */
  const change = (request: () => Promise<Cart>, success: string | null, failure?: string) =>
    act(async () => onChange(await request()), { done: success, failed: failure ? () => failure : ACCOUNT_FALLBACK });

  const changeQuantity = (item: CartItem, quantity: number) =>
    void change(() => updateCartQuantity(item._id, quantity), 'Product Updated From Cart Successfully!', ACCOUNT_FALLBACK);
  const remove = (item: CartItem) => void change(() => removeFromCart(item._id), 'Product Removed From Cart Successfully!', ACCOUNT_FALLBACK);
  const empty = () => void change(emptyCart, null);

  if (cart.items.length === 0) {
    return (
      <StatusPanel title="Your cart is empty" actions={<ButtonLink to="/courses">Browse Courses</ButtonLink>}>
        Add a course from its page and it will wait for you here.
      </StatusPanel>
    );
  }

  return (
    <div className="cart-layout">
      <div>
        <ul className="cart-list" aria-label="Courses in your cart">
          {cart.items.map((item) => (
            <CartLine key={item._id} item={item} busy={busy} onQuantity={changeQuantity} onRemove={remove} />
          ))}
        </ul>
        <Button variant="secondary" onClick={empty} disabled={busy}>
          Empty Cart
        </Button>
      </div>
      <aside className="cart-aside" aria-label="Order summary">
        <h2>Order Summary</h2>
        <CartSummary totalPrice={cart.totalPrice} />
        <Checkout disabled={busy} />
      </aside>
    </div>
  );
}

function CartArea() {
  const area = useAccountArea(useCartArea);
  return (
    <AccountAreaView area={area} lines={3} lineHeight="4rem" loadingLabel="Loading your cart" failureTitle="Your cart could not be loaded">
      {(cart) => <CartContents cart={cart} onChange={area.replace} />}
    </AccountAreaView>
  );
}

export default function CartPage() {
  return (
    <AccountLayout title="Cart">
      <CartArea />
    </AccountLayout>
  );
}
