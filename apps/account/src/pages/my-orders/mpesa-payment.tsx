import { getPayment, messageOf, mpesaPhoneSchema, startPayment, toMpesaPhone, useSession, z, type Order, type Payment } from '@agri/api-client';
import { Button, formatKes, FormSubmit, TextField, toast, useAction } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { useEffect, useRef, useState } from 'react';

/** How often the page asks how a payment waiting on the phone stands. */
const FOLLOW_EVERY_MS = 2500;
const NOT_STARTED = 'The payment could not be started. Please try again.';

const payFormSchema = z.object({ phone: mpesaPhoneSchema });

/** 254712345678 as the customer knows it: 0712 345 678. */
const localPhone = (phone: string) => `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;

/** The profile's number as a Safaricom number the customer can confirm, or nothing to prefill. */
function profilePhone(mobile: unknown): string {
  const phone = typeof mobile === 'string' || typeof mobile === 'number' ? toMpesaPhone(String(mobile).replace(/^(?=[17]\d{8}$)/, '0')) : null;
  return phone ? localPhone(phone) : '';
}

interface MpesaPaymentProps {
  order: Order;
  /** Safaricom confirmed the payment: the order is shown paid. */
  onPaid: (order: Order) => void;
  onClose: () => void;
}

/**
 * Pay with M-Pesa: the customer confirms a Safaricom number, their phone asks for their M-Pesa PIN, and this follows
 * the payment until Safaricom has said how it went. A payment that did not go through can be tried again, with the
 * same number or another.
 */
export function MpesaPayment({ order, onPaid, onClose }: MpesaPaymentProps) {
  const mobile = useSession((state) => state.customer?.mobile);
  const [payment, setPayment] = useState<Payment | null>(null);
  const { register, submit, errors, busy, failure } = useSiteForm(payFormSchema, { phone: profilePhone(mobile) });

  const send = submit(
    async ({ phone }) => setPayment(await startPayment({ orderId: order._id, phone })),
    (error) => messageOf(error, NOT_STARTED),
  );

  if (payment) {
    return (
      <PaymentProgress
        payment={payment}
        onChange={setPayment}
        onPaid={() => onPaid({ ...order, paidAt: new Date().toISOString() })}
        onAnotherNumber={() => setPayment(null)}
      />
    );
  }
  return (
    <form className="mpesa-payment" noValidate onSubmit={send} aria-label={`Pay ${formatKes(order.totalPrice)} with M-Pesa`}>
      <p>
        Pay <strong>{formatKes(order.totalPrice)}</strong> from your M-Pesa. We will send a request to your phone.
      </p>
      <TextField
        label="M-Pesa Number"
        hint="A Safaricom number, such as 0712 345 678"
        error={errors.phone?.message}
        {...register('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <div className="ui-actions">
        <FormSubmit failure={failure} busy={busy} label="Send Payment Request" busyLabel="Sending..." />
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Not Now
        </Button>
      </div>
    </form>
  );
}

interface PaymentProgressProps {
  payment: Payment;
  onChange: (payment: Payment) => void;
  onPaid: () => void;
  onAnotherNumber: () => void;
}

/** The payment as it stands: waiting on the phone (followed until it settles), paid, or not gone through. */
function PaymentProgress({ payment, onChange, onPaid, onAnotherNumber }: PaymentProgressProps) {
  const [connectionLost, setConnectionLost] = useState(false);
  /** Counts the asks, so that one that failed is made again at the next turn. */
  const [asked, setAsked] = useState(0);
  const { busy: retrying, act } = useAction();
  const paidReported = useRef(false);

  useEffect(() => {
    if (payment.state !== 'pending') return;
    const timer = setTimeout(() => {
      getPayment(payment._id).then(
        (current) => {
          setConnectionLost(false);
          onChange(current);
        },
        // A dropped link: the payment goes on at Safaricom; asked again at the next turn.
        () => {
          setConnectionLost(true);
          setAsked((count) => count + 1);
        },
      );
    }, FOLLOW_EVERY_MS);
    return () => clearTimeout(timer);
  }, [payment, asked, onChange]);

  useEffect(() => {
    if (payment.state !== 'paid' || paidReported.current) return;
    paidReported.current = true;
    toast.success('Payment received');
    onPaid();
  }, [payment.state, onPaid]);

  const tryAgain = () =>
    act(async () => onChange(await startPayment({ orderId: payment.orderId, phone: payment.phone ?? '' })), {
      failed: (error) => messageOf(error, NOT_STARTED),
    });

  const phone = payment.phone ? localPhone(payment.phone) : 'your phone';
  if (payment.state === 'pending') {
    return (
      <div className="mpesa-payment" role="status">
        <p className="mpesa-payment__title">Check your phone and enter your M-Pesa PIN</p>
        <p>
          We asked {phone} to pay {formatKes(payment.amount)}. Waiting for M-Pesa...
        </p>
        {connectionLost ? <p>Your connection dropped. We keep checking: the payment goes on at M-Pesa.</p> : null}
      </div>
    );
  }
  if (payment.state === 'paid') {
    return (
      <div className="mpesa-payment mpesa-payment--paid" role="status">
        <p className="mpesa-payment__title">Payment received</p>
        <p>{payment.receipt ? `M-Pesa receipt ${payment.receipt}. ` : ''}A receipt is on its way to your email.</p>
      </div>
    );
  }
  return (
    <div className="mpesa-payment mpesa-payment--failed">
      <p className="mpesa-payment__title" role="alert">
        {payment.message ?? 'The payment did not go through.'}
      </p>
      <div className="ui-actions">
        <Button onClick={() => void tryAgain()} disabled={retrying}>
          {retrying ? 'Sending...' : 'Try Again'}
        </Button>
        <Button variant="secondary" onClick={onAnotherNumber} disabled={retrying}>
          Use Another Number
        </Button>
      </div>
    </div>
  );
}
