import { useDataAreaFor } from '@agri/api-client';
import { DataAreaView, formatKes } from '@agri/ui';
import { Link } from '@agri/ui/router';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';
import { useOrdersStore } from '../../features/orders/orders-store';

/** /staff/orders: every customer's orders, newest first. */
export default function OrdersPage() {
  const area = useDataAreaFor(useOrdersStore);
  return (
    <>
      <h1>Orders</h1>
      <DataAreaView
        area={area}
        placeholder={<ListPlaceholder />}
        loadingLabel="Loading the orders"
        failure={{ title: 'Could not load the orders' }}
        onRetry={() => void area.run()}
        empty={<p role="status">No orders yet.</p>}
      >
        {(orders) => (
          <StaffTable columns={['Placed', 'Customer', 'Items', 'Total', 'Paid', 'Status']}>
            {orders.map((order) => (
              <tr key={order._id}>
                <td>
                  <Link to={`/staff/orders/${encodeURIComponent(order._id)}`}>{when(order.createdAt)}</Link>
                </td>
                <td>
                  {order.customer.name}
                  <br />
                  {order.customer.email}
                </td>
                <td>{order.items.map((item) => `${item.quantity} × ${item.course.title}`).join(', ')}</td>
                <td>{formatKes(order.totalPrice)}</td>
                <td>{order.paidAt ? 'Paid' : '—'}</td>
                <td>
                  <span className={`staff-badge${order.status === 'Ordered' ? ' staff-badge--new' : ''}`}>{order.status}</span>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </DataAreaView>
    </>
  );
}
