import { formatKes, FormField, FormSubmit, TextField, toast } from '@agri/ui';
import { recordPayment, recordPaymentRequestSchema, useStaffSession, type StaffOrder } from '@agri/api-client/staff';
import { useSiteForm } from '@agri/ui/forms';
import { when } from '../../features/layout/when';
import { METHOD_LABELS, stateWords } from '../../features/payments/payment-words';
import { useOrderStore } from '../../features/orders/orders-store';

/** An admin records a payment of the order received another way than M-Pesa: it pays the order, with its reason in the audit log. */
function RecordPaymentForm({ order }: { order: StaffOrder }) {
  const { register, errors, busy, failure, submit } = useSiteForm(recordPaymentRequestSchema, {
    method: 'cash' as const,
    amount: order.totalPrice,
    reference: '',
    reason: '',
  });
  return (
    <form
      className="staff-form staff-form--wide staff-card"
      noValidate
      aria-labelledby="record-payment"
      onSubmit={submit(async (request) => {
        const payments = await recordPayment(order._id, request);
        toast.success('Payment recorded');
        useOrderStore.getState().replace({ ...order, paidAt: new Date().toISOString(), payments });
      })}
    >
      <h3 id="record-payment" className="staff-form__full">
        Record a payment received another way
      </h3>
      <FormField label="Paid by" error={errors.method?.message}>
        {(control) => (
          <select {...control} {...register('method')} className="ui-input staff-select">
            <option value="cash">Cash</option>
            <option value="bank">Bank transfer</option>
          </select>
        )}
      </FormField>
      <TextField label="Amount (KES)" type="number" inputMode="numeric" error={errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
      <TextField label="Reference" optional hint="The bank's or the cash book's reference" error={errors.reference?.message} {...register('reference')} />
      <TextField label="Reason" error={errors.reason?.message} {...register('reason')} />
      <div className="staff-form__full">
        <FormSubmit busy={busy} failure={failure} label="Record the payment" busyLabel="Recording..." />
      </div>
    </form>
  );
}

/** The order's payments, oldest first; admins may record one received another way while it is unpaid. */
export function OrderPayments({ order }: { order: StaffOrder }) {
  const isAdmin = useStaffSession((state) => state.staff?.role === 'admin');
  const waiting = order.payments.some((payment) => payment.state === 'pending');
  return (
    <section aria-labelledby="payments">
      <h2 id="payments">Payments</h2>
      {order.payments.length === 0 ? <p className="staff-muted">No payment yet.</p> : null}
      <ul className="staff-list">
        {order.payments.map((payment) => (
          <li key={payment.id}>
            {when(payment.createdAt)}: {METHOD_LABELS[payment.method]} {formatKes(payment.amount)}
            {payment.phone ? ` from ${payment.phone}` : ''}, <span className="staff-badge">{stateWords(payment)}</span>
            {payment.receipt ? `, receipt ${payment.receipt}` : ''}
            {payment.message ? ` (${payment.message})` : ''}
            {payment.recordedBy ? `, recorded by ${payment.recordedBy}: ${payment.reason ?? ''}` : ''}
          </li>
        ))}
      </ul>
      {isAdmin && !order.paidAt && !waiting && order.status !== 'Cancelled' ? <RecordPaymentForm order={order} /> : null}
    </section>
  );
}
