import { Fragment, useState, type FormEvent } from 'react';
import { Button, DataAreaView, formatKes, TextField } from '@agri/ui';
import { Link, useLocation, useNavigate } from '@agri/ui/router';
import { messageOf, useDataAreaFor } from '@agri/api-client';
import { exportPayments, paymentFilterSchema, useStaffSession, type PaymentFilter, type StaffPayment } from '@agri/api-client/staff';
import { ListPlaceholder } from '../../features/layout/list-placeholder';
import { downloadCsv, FilterChoice, filteredPath, filterFrom } from '../../features/layout/staff-filters';
import { StaffTable } from '../../features/layout/staff-table';
import { when } from '../../features/layout/when';
import { METHOD_LABELS, stateWords } from '../../features/payments/payment-words';
import { usePaymentsStore } from './payments-store';
import { RecordRefundForm } from './record-refund-form';

const FIELDS = ['state', 'from', 'to'] as const;
const STATES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;

/**
 * /staff/payments: every payment, newest first, filtered by state and day, and exported as CSV; an admin records here
 * a refund given by hand on a payment received.
 */
export default function PaymentsPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filter = filterFrom<PaymentFilter>(search, FIELDS, paymentFilterSchema);
  const area = useDataAreaFor(usePaymentsStore, filter);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const isAdmin = useStaffSession((state) => state.staff?.role === 'admin');
  /** The payment whose refund form is open. */
  const [refunding, setRefunding] = useState<string | null>(null);
  const columns = ['Started', 'For', 'Paid by', 'Method', 'Amount', 'Phone', 'Receipt', 'State'];

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(filteredPath('/staff/payments', FIELDS, event.currentTarget));
  };
  const download = async () => downloadCsv(await exportPayments(filter), 'payments');

  return (
    <>
      <h1>Payments</h1>
      <form className="staff-filters" onSubmit={apply} key={search} aria-label="Filters">
        <FilterChoice label="State" name="state" value={filter.state} any="Any state" options={STATES} />
        <TextField label="From" type="date" name="from" optional defaultValue={filter.from ?? ''} />
        <TextField label="To" type="date" name="to" optional defaultValue={filter.to ?? ''} />
        <div className="staff-actions">
          <Button type="submit">Apply</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setExportFailure(null);
              download().catch((error: unknown) => setExportFailure(messageOf(error, 'Could not export the list')));
            }}
          >
            Export CSV
          </Button>
        </div>
      </form>
      {exportFailure ? (
        <p className="staff-error" role="alert">
          {exportFailure}
        </p>
      ) : null}
      <DataAreaView
        area={area}
        placeholder={<ListPlaceholder />}
        loadingLabel="Loading the payments"
        failure={{ title: 'Could not load the payments' }}
        onRetry={() => void area.run(filter)}
        empty={<p role="status">No payments match these filters.</p>}
      >
        {(payments) => (
          <StaffTable
            actions={isAdmin}
            columns={isAdmin ? [...columns, 'Refund'] : columns}
            caption={payments.length === 500 ? 'The newest 500 that match' : `${payments.length} payment${payments.length === 1 ? '' : 's'}`}
          >
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
                    <td colSpan={columns.length + 1}>
                      <RecordRefundForm
                        payment={payment}
                        onCancel={() => setRefunding(null)}
                        onRecorded={() => {
                          setRefunding(null);
                          void area.run(filter);
                        }}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </StaffTable>
        )}
      </DataAreaView>
    </>
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
