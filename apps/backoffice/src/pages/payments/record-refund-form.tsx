import { Button, formatKes, FormField, FormSubmit, TextField, toast } from '@agri/ui';
import { recordRefund, recordRefundRequestSchema, type StaffPayment } from '@agri/api-client/staff';
import { useSiteForm } from '@agri/ui/forms';

interface RecordRefundFormProps {
  payment: StaffPayment;
  onRecorded: () => void;
  onCancel: () => void;
}

/**
 * An admin records money given back by hand on a payment received (refunds are not sent from here): how, how much
 * (what is left of the payment, or less; the API refuses more), a reference and why; it goes in the audit log.
 */
export function RecordRefundForm({ payment, onRecorded, onCancel }: RecordRefundFormProps) {
  const { register, errors, busy, failure, submit } = useSiteForm(recordRefundRequestSchema, {
    method: payment.method,
    amount: payment.amount - payment.refunded,
    reference: '',
    reason: '',
  });
  const headingId = `refund-${payment.id}`;
  return (
    <form
      className="staff-form staff-form--wide staff-card"
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit(async (request) => {
        await recordRefund(payment.id, request);
        toast.success('Refund recorded');
        onRecorded();
      })}
    >
      <h3 id={headingId} className="staff-form__full">
        Record a refund of {payment.reference}: {formatKes(payment.amount - payment.refunded)} left of {formatKes(payment.amount)}
      </h3>
      <FormField label="Given back by" error={errors.method?.message}>
        {(control) => (
          <select {...control} {...register('method')} className="ui-input staff-select">
            <option value="mpesa">M-Pesa</option>
            <option value="cash">Cash</option>
            <option value="bank">Bank transfer</option>
          </select>
        )}
      </FormField>
      <TextField label="Amount (KES)" type="number" inputMode="numeric" error={errors.amount?.message} {...register('amount', { valueAsNumber: true })} />
      <TextField label="Reference" optional hint="M-Pesa's reversal, or the bank's reference" error={errors.reference?.message} {...register('reference')} />
      <TextField label="Reason" error={errors.reason?.message} {...register('reason')} />
      <div className="staff-form__full staff-actions">
        <FormSubmit busy={busy} failure={failure} label="Record the refund" busyLabel="Recording..." />
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
