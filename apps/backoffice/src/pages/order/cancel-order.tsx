import type { StaffOrder } from '@agri/api-client/staff';
import { Button, formatKes, TextField } from '@agri/ui';
import { useId, useState } from 'react';

interface CancelOrderProps {
  order: StaffOrder;
  busy: boolean;
  /** Cancels the order; for a paid one, with why a refund is to be arranged. */
  onCancel: (refundToArrange?: string) => Promise<unknown>;
}

/**
 * Cancelling an order asks first. A paid one (not yet refunded in full) also says that cancelling gives nothing back
 * by itself, and asks why a refund is to be arranged (the refund is recorded on the Payments page as it is given): the
 * customer's My Orders then says a refund is being arranged, and the audit log keeps why.
 */
export function CancelOrder({ order, busy, onCancel }: CancelOrderProps) {
  const [asking, setAsking] = useState(false);
  const [why, setWhy] = useState('');
  const questionId = useId();
  const owed = Boolean(order.paidAt) && !order.refundedAt;

  if (!asking) {
    return (
      <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>
        Cancel the order
      </Button>
    );
  }
  const ready = !owed || why.trim().length >= 3;
  return (
    <div className="staff-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>
        {owed
          ? `This order is paid (${formatKes(order.totalPrice)}). Cancelling it gives no money back by itself: record each refund on the Payments page as it is given, and say here why a refund is to be arranged.`
          : 'Cancel this order? The customer will see it cancelled in My Orders.'}
      </p>
      {owed ? <TextField label="Why a refund is to be arranged" value={why} maxLength={500} onChange={(event) => setWhy(event.target.value)} /> : null}
      <div className="staff-actions">
        <Button disabled={busy || !ready} onClick={() => void onCancel(owed ? why.trim() : undefined).then(() => setAsking(false))}>
          {owed ? 'Cancel it, refund to be arranged' : 'Yes, cancel the order'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
          Keep the order
        </Button>
      </div>
    </div>
  );
}
