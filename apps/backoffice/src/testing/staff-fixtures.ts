// The back office's test data: one order and its payments, as the staff API answers them.
import { fixtures } from '@agri/api-client/testing';
import type { StaffOrder, StaffPayment, StaffPicture } from '@agri/api-client/staff';

/** A payment of staffOrder as the back office lists it, with `changes`. */
export const staffPaymentFor = (id: string, changes: Partial<StaffPayment> = {}): StaffPayment => ({
  id,
  orderId: 'order-0000ab12',
  bookingId: null,
  leadId: null,
  eventTitle: null,
  reference: '0000AB12',
  payerName: 'Wanjiku Mwangi',
  method: 'mpesa',
  state: 'paid',
  amount: 12_000,
  phone: '•••••••••678',
  receipt: 'QWE1RTY2UI',
  message: null,
  paidAfterClose: false,
  refundOf: null,
  refunded: 0,
  recordedBy: null,
  reason: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  settledAt: '2026-11-27T09:00:20.000Z',
  ...changes,
});

/** An order as the back office shows it, not paid, with no payment. */
export const staffOrder: StaffOrder = {
  _id: 'order-0000ab12',
  items: [{ course: fixtures.courses[0]!, quantity: 1, price: 12_000 }],
  totalPrice: 12_000,
  status: 'Ordered',
  createdAt: '2026-11-27T08:55:00.000Z',
  paidAt: null,
  customer: { id: 'c1', name: 'Wanjiku Mwangi', email: 'wanjiku@example.co.ke', mobile: '712345678' },
  history: [{ at: '2026-11-27T08:55:00.000Z', from: '', to: 'Ordered', by: 'customer' }],
  payments: [],
};

/** A picture of the media library as the staff API lists it, with `changes`. */
export const staffPictureFor = (id = '6f1c7c3e-7d0a-4c55-9a43-2f1b8d7e9a10', changes: Partial<StaffPicture> = {}): StaffPicture => ({
  id,
  reference: `/static/pictures/${id}`,
  description: 'Trainees drying maize',
  width: 2560,
  height: 1707,
  focus: { x: 0.5, y: 0.5 },
  placeholder: '#6b7d3c',
  thumbnail: 'http://api.test/static/pictures/files/0123456789abcdef0123-412.webp',
  createdAt: '2026-12-02T06:00:00.000Z',
  usedBy: [],
  ...changes,
});
