import { ACCOUNT_FALLBACK, createDataArea, getMyOrders, updateOrderStatus, type Order, type OrderStatus } from '@agri/api-client';
import { Button, ButtonLink, formatKes, StatusPanel, useAction } from '@agri/ui';
import { formatDate } from '@agri/ui/dates';
import { useState } from 'react';
import { AccountLayout } from '../../features/account-layout/account-layout';
import { AccountAreaView, useAccountArea } from '../../features/loading/account-area';

const useOrdersArea = createDataArea('account/orders', getMyOrders, { fallback: ACCOUNT_FALLBACK });

/** Orders not yet on their way can still be cancelled. */
const CANCELLABLE: readonly OrderStatus[] = ['Ordered', 'Processing'];

/** A short reference the customer can quote on the phone. */
const orderReference = (id: string) => id.slice(-8).toUpperCase();

interface OrderCardProps {
  order: Order;
  onCancelled: (order: Order) => void;
}

function OrderCard({ order, onCancelled }: OrderCardProps) {
  const [isConfirming, setConfirming] = useState(false);
  const { busy: isCancelling, act } = useAction();
  const headingId = `order-${order._id}`;

  const cancel = async () => {
    await act(
      async () => {
        const updated = await updateOrderStatus(order._id, { status: 'Cancelled' });
        // A server whose answer does not describe the order has cancelled it all the same.
        onCancelled(updated ?? { ...order, status: 'Cancelled' });
      },
      { done: 'Order Cancelled Successfully!', doneAs: 'info', failed: () => ACCOUNT_FALLBACK },
    );
    setConfirming(false);
  };

  return (
    <li className="order-card">
      <div className="order-card__head">
        <h2 id={headingId}>Order {orderReference(order._id)}</h2>
        <span className={`order-status order-status--${order.status.toLowerCase()}`}>{order.status}</span>
      </div>
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
      {CANCELLABLE.includes(order.status) ? (
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
              Cancel Order<span className="visually-hidden"> {orderReference(order._id)}</span>
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

function OrderList({ orders, onChange }: { orders: Order[]; onChange: (orders: Order[]) => void }) {
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
        <OrderCard key={order._id} order={order} onCancelled={replace} />
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
