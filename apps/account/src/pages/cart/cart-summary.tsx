import { formatKes } from '@agri/ui';
import { vatBreakdown } from './vat';

/** The cart's totals: prices include 16% VAT, and the VAT is shown. */
export function CartSummary({ totalPrice }: { totalPrice: number }) {
  const { net, vat, total } = vatBreakdown(totalPrice);
  return (
    <dl className="cart-summary">
      <div className="cart-summary__row">
        <dt>Price before VAT</dt>
        <dd>{formatKes(net)}</dd>
      </div>
      <div className="cart-summary__row">
        <dt>VAT (16%, included)</dt>
        <dd>{formatKes(vat)}</dd>
      </div>
      <div className="cart-summary__row cart-summary__row--total">
        <dt>Total (VAT inclusive)</dt>
        <dd>{formatKes(total)}</dd>
      </div>
    </dl>
  );
}
