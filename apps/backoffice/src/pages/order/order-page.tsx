import { Button, formatKes, useAction } from '@agri/ui';
import { formatPhone, type OrderStatus } from '@agri/api-client';
import { moveOrder, ORDER_TRANSITIONS, type StaffOrder } from '@agri/api-client/staff';
import { ItemPage } from '../../features/layout/item-page';
import { when } from '../../features/layout/when';
import { useOrderStore } from '../../features/orders/orders-store';
import { CancelOrder } from './cancel-order';
import { OrderPayments } from './order-payments';

function Order({ order }: { order: StaffOrder }) {
  const { busy, act } = useAction();
  const move = (status: OrderStatus, refundToArrange?: string) =>
    act(async () => useOrderStore.getState().replace(await moveOrder(order._id, status, refundToArrange)), {
      done: `Order moved to ${status}`,
      failed: 'Could not change the order',
    });
  const address = order.shippingInfo;
  return (
    <>
      <h1>Order of {order.customer.name}</h1>
      <div className="staff-card">
        <dl className="staff-details">
          <dt>Status</dt>
          <dd>
            <span className="staff-badge">{order.status}</span>
          </dd>
          <dt>Placed</dt>
          <dd>{when(order.createdAt)}</dd>
          <dt>Customer</dt>
          <dd>
            {order.customer.name}, <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>, {formatPhone(order.customer.mobile)}
          </dd>
          {address ? (
            <>
              <dt>Ship to</dt>
              <dd>
                {address.firstName} {address.lastName}, {address.address}
                {address.other ? `, ${address.other}` : ''}, {address.area}, {formatPhone(address.phoneNumber)}
              </dd>
            </>
          ) : null}
          <dt>Items</dt>
          <dd>
            <ul>
              {order.items.map((item) => (
                <li key={item.course._id}>
                  {item.quantity} × {item.course.title} at {formatKes(item.price)}
                </li>
              ))}
            </ul>
          </dd>
          <dt>Total</dt>
          <dd>{formatKes(order.totalPrice)}</dd>
          <dt>Paid</dt>
          <dd>
            {order.paidAt ? when(order.paidAt) : 'Not yet'}
            {order.refundedAt ? `; refunded in full ${when(order.refundedAt)}` : order.refundToArrange ? '; cancelled, a refund to be arranged' : ''}
          </dd>
        </dl>
        <div className="staff-actions">
          {ORDER_TRANSITIONS[order.status].length === 0 ? <p className="staff-muted">This order is {order.status}: it moves no more.</p> : null}
          {ORDER_TRANSITIONS[order.status].map((status) =>
            status === 'Cancelled' ? (
              <CancelOrder key={status} order={order} busy={busy} onCancel={(refundToArrange) => move(status, refundToArrange)} />
            ) : (
              <Button key={status} disabled={busy} onClick={() => void move(status)}>
                {`Move to ${status}`}
              </Button>
            ),
          )}
        </div>
      </div>
      <OrderPayments order={order} />
      <section aria-labelledby="history">
        <h2 id="history">History</h2>
        <ul className="staff-list">
          {order.history.map((change) => (
            <li key={`${change.at}-${change.to}`}>
              {when(change.at)}: {change.to} ({change.by})
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** /staff/orders/:id: one order, its history, and the moves allowed from its status. */
export default function OrderPage() {
  return (
    <ItemPage store={useOrderStore} idOf={(order) => order._id} thing="order" list={{ to: '/staff/orders', name: 'Orders' }} notFoundText="Check the link.">
      {(order) => <Order order={order} />}
    </ItemPage>
  );
}
