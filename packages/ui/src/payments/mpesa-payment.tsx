import { messageOf, mpesaPhoneSchema, toKenyanPhone, z, type Payment } from '@agri/api-client';
import { Button, formatKes, FormSubmit, TextField, toast, useAction } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { useEffect, useRef, useState } from 'react';
import './mpesa-payment.css';

/** How often the page asks how a payment waiting on the phone stands. */
const FOLLOW_EVERY_MS = 2500;
const NOT_STARTED = 'The payment could not be started. Please try again.';

const payFormSchema = z.object({ phone: mpesaPhoneSchema });

/** 254712345678 as the customer knows it: 0712 345 678. */
const localPhone = (phone: string) => `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;

/** A number the customer gave before (the profile's, the booking's) as a Safaricom number to confirm, or nothing. */
function offeredPhone(known: unknown): string {
  const phone = typeof known === 'string' || typeof known === 'number' ? toKenyanPhone(String(known)) : null;
  return phone ? localPhone(phone) : '';
}

export interface MpesaPaymentProps {
  /** What is to be paid, in whole shillings, as the server priced it. */
  amount: number;
  /** A number the customer already gave (any form): offered if it is a Safaricom one. */
  knownPhone?: unknown;
  /** A request asked before (the page was reloaded meanwhile) still waiting on the phone: followed, not asked again. */
  waitingId?: string | null;
  /** Asks the phone to pay (POST payments, for an order or a booking). */
  start: (phone: string) => Promise<Payment>;
  /** How the payment stands now (GET payments/{id}). */
  follow: (id: string) => Promise<Payment>;
  /** Safaricom confirmed the payment. */
  onPaid: () => void;
  onClose: () => void;
}

/**
 * Pay with M-Pesa: the customer confirms a Safaricom number, their phone asks for their M-Pesa PIN, and this follows
 * the payment until Safaricom has said how it went. A payment that did not go through can be tried again, with the
 * same number or another. What is paid (an order, a booking) is the caller's: it hands in how to start and follow.
 */
export function MpesaPayment({ amount, knownPhone, waitingId, start, follow, onPaid, onClose }: MpesaPaymentProps) {
  // A waiting request is known by its id alone until the first answer about it fills in the rest.
  const [payment, setPayment] = useState<Payment | null>(() =>
    waitingId ? { _id: waitingId, orderId: null, bookingId: null, state: 'pending', amount, phone: null, receipt: null, message: null, createdAt: '' } : null,
  );
  const { register, submit, errors, busy, failure } = useSiteForm(payFormSchema, { phone: offeredPhone(knownPhone) });

  const send = submit(
    async ({ phone }) => setPayment(await start(phone)),
    (error) => messageOf(error, NOT_STARTED),
  );

  if (payment) {
    return <PaymentProgress payment={payment} start={start} follow={follow} onChange={setPayment} onPaid={onPaid} onAnotherNumber={() => setPayment(null)} />;
  }
  return (
    <form className="mpesa-payment" noValidate onSubmit={send} aria-label={`Pay ${formatKes(amount)} with M-Pesa`}>
      <p>
        Pay <strong>{formatKes(amount)}</strong> from your M-Pesa. We will send a request to your phone.
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

interface PaymentProgressProps extends Pick<MpesaPaymentProps, 'start' | 'follow' | 'onPaid'> {
  payment: Payment;
  onChange: (payment: Payment) => void;
  onAnotherNumber: () => void;
}

/** The payment as it stands: waiting on the phone (followed until it settles), paid, or not gone through. */
function PaymentProgress({ payment, start, follow, onChange, onPaid, onAnotherNumber }: PaymentProgressProps) {
  const [connectionLost, setConnectionLost] = useState(false);
  /** Counts the asks, so that one that failed is made again at the next turn. */
  const [asked, setAsked] = useState(0);
  const { busy: retrying, act } = useAction();
  const paidReported = useRef(false);

  useEffect(() => {
    if (payment.state !== 'pending') return;
    const timer = setTimeout(() => {
      follow(payment._id).then(
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
  }, [payment, asked, follow, onChange]);

  useEffect(() => {
    if (payment.state !== 'paid' || paidReported.current) return;
    paidReported.current = true;
    toast.success('Payment received');
    onPaid();
  }, [payment.state, onPaid]);

  const tryAgain = () =>
    act(async () => onChange(await start(payment.phone ?? '')), {
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
