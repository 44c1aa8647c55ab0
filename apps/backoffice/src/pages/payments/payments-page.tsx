import { Fragment, useState } from 'react';
import { Button, formatKes } from '@agri/ui';
import { Link } from '@agri/ui/router';
import { PAYMENT_STATES } from '@agri/api-client';
import { exportPayments, paymentFilterSchema, useStaffSession, type PaymentFilter, type StaffPayment } from '@agri/api-client/staff';
import { FilteredList, listCaption } from '../../features/layout/filtered-list';
import { FilterChoice, FilterDays } from '../../features/layout/staff-filters';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';
import { METHOD_LABELS, stateWords } from '../../features/payments/payment-words';
import { usePaymentsStore } from './payments-store';
import { RecordRefundForm } from './record-refund-form';

const FIELDS = ['state', 'from', 'to'] as const;

/**
 * /staff/payments: every payment, newest first, filtered by state and day, and exported as CSV; an admin records here
 * a refund given by hand on a payment received.
 */
export default function PaymentsPage() {
  return (
    <FilteredList
      heading="Payments"
      path="/staff/payments"
      fields={FIELDS}
      schema={paymentFilterSchema}
      store={usePaymentsStore}
      exportCsv={exportPayments}
      csvName="payments"
      filters={(filter: PaymentFilter) => (
        <>
          <FilterChoice label="State" name="state" value={filter.state} any="Any state" options={PAYMENT_STATES} />
          <FilterDays from={filter.from} to={filter.to} />
        </>
      )}
      words={{ loading: 'Loading the payments', failure: 'Could not load the payments', empty: 'No payments match these filters.' }}
    >
      {(payments, reload) => <PaymentsTable payments={payments} onRefundRecorded={reload} />}
    </FilteredList>
  );
}

/** The payments, with an admin's Record Refund opening its form under the payment's row. */
function PaymentsTable({ payments, onRefundRecorded }: { payments: StaffPayment[]; onRefundRecorded: () => void }) {
  const isAdmin = useStaffSession((state) => state.staff?.role === 'admin');
  /** The payment whose refund form is open. */
  const [refunding, setRefunding] = useState<string | null>(null);
  const columns = ['Started', 'For', 'Paid by', 'Method', 'Amount', 'Phone', 'Receipt', 'State', ...(isAdmin ? ['Refund'] : [])];
  return (
    <StaffTable actions={isAdmin} columns={columns} caption={listCaption(payments.length, 'payment')}>
      {payments.map((payment) => (
        <Fragment key={payment.id}>
          <tr>
            <td>{when(payment.createdAt)}</td>
            <td>
              <PaidFor payment={payment} />
            </td>
            <td>{payment.payerName}</td>
            <td>{METHOD_LABELS[payment.method]}</td>
            <td>{payment.state === 'refunded' ? `−${formatKes(payment.amount)}` : formatKes(payment.amount)}</td>
            <td>{payment.phone ?? '—'}</td>
            <td>{payment.receipt ?? '—'}</td>
            <td>
              <span className={`staff-badge${payment.state === 'paid' ? '' : ' staff-badge--new'}`}>{stateWords(payment)}</span>
              {payment.message ? <span className="staff-muted"> {payment.message}</span> : null}
              {payment.reason ? <span className="staff-muted"> {payment.reason}</span> : null}
            </td>
            {isAdmin ? (
              <td>
                {payment.state === 'paid' && payment.refunded < payment.amount ? (
                  <Button
                    variant="secondary"
                    onClick={() => setRefunding(refunding === payment.id ? null : payment.id)}
                    aria-expanded={refunding === payment.id}
                  >
                    Record Refund<span className="visually-hidden"> of {payment.reference}</span>
                  </Button>
                ) : null}
              </td>
            ) : null}
          </tr>
          {refunding === payment.id ? (
            <tr>
              <td colSpan={columns.length}>
                <RecordRefundForm
                  payment={payment}
                  onCancel={() => setRefunding(null)}
                  onRecorded={() => {
                    setRefunding(null);
                    onRefundRecorded();
                  }}
                />
              </td>
            </tr>
          ) : null}
        </Fragment>
      ))}
    </StaffTable>
  );
}

/** What a payment paid: its order, or an event booking (opened as its lead in the Inbox). */
function PaidFor({ payment }: { payment: StaffPayment }) {
  if (payment.orderId !== null) return <Link to={`/staff/orders/${encodeURIComponent(payment.orderId)}`}>Order {payment.reference}</Link>;
  const booking = `Booking ${payment.reference}`;
  return (
    <>
      {payment.leadId === null ? booking : <Link to={`/staff/leads/${encodeURIComponent(payment.leadId)}`}>{booking}</Link>}
      {payment.eventTitle ? <span className="staff-muted"> {payment.eventTitle}</span> : null}
    </>
  );
}
