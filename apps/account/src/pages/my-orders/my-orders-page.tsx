import {
  ACCOUNT_FALLBACK,
  getApiSettings,
  getPayment,
  shortReference,
  startPayment,
  updateOrderStatus,
  type Order,
  type OrderStatus,
  useSession,
} from '@agri/api-client';
import { Button, ButtonLink, formatKes, StatusPanel, useAction } from '@agri/ui';
import { formatDate } from '@agri/ui/dates';
import { LazyMount, LoadFailed } from '@agri/ui/federation';
import type { MpesaPaymentProps } from '@agri/ui/payments';
import { useState } from 'react';
import { useLocation } from '@agri/ui/router';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { AccountAreaView, useAccountArea } from '../../features/loading/account-area';
import { useOrdersArea } from '../../features/loading/account-areas';

// The payment's code (its form, its progress) loads when a customer chooses to pay.
const loadMpesaPayment = () => import('@agri/ui/payments').then(({ MpesaPayment }) => ({ default: MpesaPayment }));

/** Orders not yet on their way can still be cancelled. */
const CANCELLABLE: readonly OrderStatus[] = ['Ordered', 'Processing'];

interface OrderCardProps {
  order: Order;
  /** The order changed here (cancelled, paid): the list shows it so. */
  onChanged: (order: Order) => void;
  /** Its payment is shown at once (checkout sends the customer here to pay the new order). */
  payNow: boolean;
}

/** An order may be paid by M-Pesa when the API takes payments, until it is paid or cancelled. */
const payable = (order: Order) => getApiSettings().mpesa === true && !order.paidAt && order.status !== 'Cancelled';

/** The order's money (paid, refunded, a refund being arranged) beside its status. */
function OrderBadges({ order }: { order: Order }) {
  return (
    <span className="order-card__badges">
      {order.refundedAt ? (
        <span className="order-status">Refunded</span>
      ) : order.refundToArrange ? (
        <span className="order-status">Refund being arranged</span>
      ) : order.paidAt ? (
        <span className="order-status order-status--paid">Paid</span>
      ) : null}
      <span className={`order-status order-status--${order.status.toLowerCase()}`}>{order.status}</span>
    </span>
  );
}

/** When the order was made, its total and its courses. */
function OrderSummary({ order }: { order: Order }) {
  return (
    <>
      <dl className="order-card__facts">
        <div>
          <dt>Date</dt>
          <dd>{formatDate(order.createdAt, 'MMMM Do YYYY')}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatKes(order.totalPrice)}</dd>
        </div>
      </dl>
      <ul className="order-card__items">
        {order.items.map((item) => (
          <li key={item.course._id}>
            {item.course.title} × {item.quantity}
          </li>
        ))}
      </ul>
    </>
  );
}

function OrderCard({ order, onChanged, payNow }: OrderCardProps) {
  const [isConfirming, setConfirming] = useState(false);
  // Checkout sent the customer here to pay it, or a request asked before the page was reloaded still waits.
  const [isPaying, setPaying] = useState((payNow || Boolean(order.waitingPaymentId)) && payable(order));
  const mobile = useSession((state) => state.customer?.mobile);
  const { busy: isCancelling, act } = useAction();
  const headingId = `order-${order._id}`;

  const cancel = async () => {
    await act(
      async () => {
        const updated = await updateOrderStatus(order._id, { status: 'Cancelled' });
        // A server whose answer does not describe the order has cancelled it all the same.
        onChanged(updated ?? { ...order, status: 'Cancelled' });
      },
      { done: 'Order Cancelled Successfully!', doneAs: 'info', failed: () => ACCOUNT_FALLBACK },
    );
    setConfirming(false);
  };

  return (
    <li className="order-card">
      <div className="order-card__head">
        <h2 id={headingId}>Order {shortReference(order._id)}</h2>
        <OrderBadges order={order} />
      </div>
      <OrderSummary order={order} />
      {order.refundToArrange ? <p className="order-card__note">We are arranging your refund: our team will contact you.</p> : null}
      {isPaying ? (
        <LazyMount<MpesaPaymentProps>
          moduleKey="account/mpesa-payment"
          load={loadMpesaPayment}
          props={{
            amount: order.totalPrice,
            knownPhone: mobile,
            waitingId: order.waitingPaymentId,
            start: (phone) => startPayment({ orderId: order._id, phone }),
            follow: (id) => getPayment(id),
            onPaid: () => onChanged({ ...order, paidAt: new Date().toISOString(), waitingPaymentId: null }),
            onClose: () => setPaying(false),
          }}
          loading={<p role="status">Loading the payment...</p>}
          fallback={(retry) => <LoadFailed what="payment" onRetry={retry} />}
        />
      ) : null}
      {!isPaying && payable(order) ? (
        <div className="order-card__actions ui-actions">
          <Button onClick={() => setPaying(true)}>
            Pay with M-Pesa<span className="visually-hidden"> for order {shortReference(order._id)}</span>
          </Button>
        </div>
      ) : null}
      {CANCELLABLE.includes(order.status) && !order.paidAt && !isPaying ? (
        <div className="order-card__actions ui-actions">
          {isConfirming ? (
            <>
              <p id={`${headingId}-confirm`}>Cancel this order?</p>
              <Button onClick={() => void cancel()} disabled={isCancelling} aria-describedby={`${headingId}-confirm`}>
                {isCancelling ? 'Cancelling...' : 'Yes, Cancel Order'}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={isCancelling}>
                Keep Order
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel Order<span className="visually-hidden"> {shortReference(order._id)}</span>
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

function OrderList({ orders, onChange }: { orders: Order[]; onChange: (orders: Order[]) => void }) {
  const payNow = new URLSearchParams(useLocation().search).get('pay');
  if (orders.length === 0) {
    return (
      <StatusPanel title="No orders yet" actions={<ButtonLink to="/courses">Browse Courses</ButtonLink>}>
        When you check out your cart, your orders appear here.
      </StatusPanel>
    );
  }
  const replace = (updated: Order) => onChange(orders.map((order) => (order._id === updated._id ? updated : order)));
  return (
    <ul className="order-list" aria-label="Your orders">
      {orders.map((order) => (
        <OrderCard key={order._id} order={order} onChanged={replace} payNow={order._id === payNow} />
      ))}
    </ul>
  );
}

export default function MyOrdersPage() {
  const area = useAccountArea(useOrdersArea);
  return (
    <AccountLayout title="My Orders">
      <AccountAreaView area={area} lines={3} lineHeight="6rem" loadingLabel="Loading your orders" failureTitle="Your orders could not be loaded">
        {(orders) => <OrderList orders={orders} onChange={area.replace} />}
      </AccountAreaView>
    </AccountLayout>
  );
}
