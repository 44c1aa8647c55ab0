import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type * as z from 'zod/mini';
import {
  addToCartRequestSchema,
  bookingRequestSchema,
  changePasswordRequestSchema,
  courseCallRequestSchema,
  createOrderRequestSchema,
  COMMON_PASSWORD_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  editUserRequestSchema,
  enquiryRequestSchema,
  shippingAddressSchema,
  updateOrderRequestSchema,
  type Cart,
  type CartItem,
  type Order,
  type ShippingAddress,
  credentialsSchema,
  newsletterRequestSchema,
  NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE,
  REGISTRATION_MESSAGES,
  registrationSchema,
  resendOtpRequestSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
} from '../contract';
import { ALREADY_IN_CART_MESSAGE } from '../contract/cart';
import { BOOKING_TOKEN_HEADER, startBookingPaymentRequestSchema, startPaymentRequestSchema, type Payment } from '../contract/payments';
import { fixtures } from './fixtures';

/** Bases the test settings point at; nothing listens there, msw answers. */
export const TEST_API_BASE_URL = 'http://api.test/api/';
export const TEST_REQUESTS_API_BASE_URL = 'http://api.test/requests/';

export interface HandlerBases {
  apiBaseUrl?: string;
  requestsApiBaseUrl?: string;
}

export type Method = 'get' | 'post' | 'put' | 'delete';
export type Base = 'main' | 'requests';

/** The full URL of a path such as 'user/cart' (msw path params like ':id' allowed). */
export function apiUrl(path: string, base: Base = 'main', bases: HandlerBases = {}): string {
  const root = base === 'requests' ? (bases.requestsApiBaseUrl ?? TEST_REQUESTS_API_BASE_URL) : (bases.apiBaseUrl ?? TEST_API_BASE_URL);
  return `${root.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const badRequest = (error: z.core.$ZodError) => HttpResponse.json({ message: error.issues[0]?.message ?? 'Invalid request' }, { status: 400 });
const notFound = (what: string) => HttpResponse.json({ message: `${what} not found` }, { status: 404 });
const unauthorised = () => HttpResponse.json({ message: 'Not authorised, please log in again' }, { status: 401 });
const hasRegistrationToken = (request: Request) => request.headers.get('Authorization') === `Bearer ${fixtures.registrationToken}`;
const registrationExpired = () => HttpResponse.json({ message: REGISTRATION_MESSAGES.expired }, { status: 400 });
const isSignedIn = (request: Request) => request.headers.get('Authorization') === `Bearer ${fixtures.token}`;

interface ResolverInfo {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}

async function parseBody<Schema extends z.ZodMiniType>(request: Request, schema: Schema) {
  return schema.safeParse(await request.json().catch(() => undefined));
}

/** Wraps a handler that needs the fixtures' token. */
const signedIn = (resolver: (info: ResolverInfo) => Response | Promise<Response>) => (info: ResolverInfo) =>
  isSignedIn(info.request) ? resolver(info) : unauthorised();

/** What the handlers of every area share: the URLs of the bases asked for, and one counter for new ids. */
interface HandlerContext {
  url: (path: string, base?: Base) => string;
  newId: (prefix: string) => string;
}

/** The catalogue: courses, events and blog posts, straight from the fixtures. */
function catalogueHandlers({ url }: HandlerContext): HttpHandler[] {
  return [
    http.get(url('course'), () => HttpResponse.json(fixtures.courses)),
    http.get(url('course/:id'), ({ params }) => {
      const course = fixtures.courses.find((c) => c._id === params.id);
      return course ? HttpResponse.json(course) : notFound('Course');
    }),
    http.get(url('event'), () => HttpResponse.json({ data: fixtures.events })),
    http.get(url('event/:id'), ({ params }) => {
      const event = fixtures.events.find((e) => e._id === params.id);
      return event ? HttpResponse.json({ data: event }) : notFound('Event');
    }),
    http.get(url('blog'), () => HttpResponse.json(fixtures.blogs)),
    http.get(url('blog/:id'), ({ params }) => {
      const post = fixtures.blogs.find((b) => b._id === params.id);
      return post ? HttpResponse.json(post) : notFound('Blog');
    }),
  ];
}

/** The API's answer to a new password among the most common ones, or null. */
const commonPasswordRefused = (password: string) =>
  fixtures.commonPasswords.includes(password.toLowerCase()) ? HttpResponse.json({ message: COMMON_PASSWORD_MESSAGE }, { status: 400 }) : null;

/** Registration with its emailed code, login, the signed-in customer and logout. */
function registrationAndSignInHandlers({ url }: HandlerContext): HttpHandler[] {
  return [
    http.post(url('user/register'), async ({ request }) => {
      const body: unknown = await request.json().catch(() => undefined);
      const resend = resendOtpRequestSchema.safeParse(body);
      if (resend.success) {
        return hasRegistrationToken(request) ? HttpResponse.json({ message: REGISTRATION_MESSAGES.otpResent }) : registrationExpired();
      }
      const registration = registrationSchema.safeParse(body);
      if (!registration.success) return badRequest(registration.error);
      const refused = commonPasswordRefused(registration.data.password);
      if (refused) return refused;
      // The same answer for a known email: the owner is mailed a notice instead of a code.
      return HttpResponse.json({ message: REGISTRATION_MESSAGES.otpSent, registrationToken: fixtures.registrationToken });
    }),
    http.post(url('user/verify-otp'), async ({ request }) => {
      if (!hasRegistrationToken(request)) return registrationExpired();
      const parsed = await parseBody(request, verifyOtpRequestSchema);
      if (!parsed.success) return badRequest(parsed.error);
      if (parsed.data.otp !== fixtures.otp) return HttpResponse.json({ message: REGISTRATION_MESSAGES.invalidOtp }, { status: 400 });
      return HttpResponse.json({ message: REGISTRATION_MESSAGES.userCreated, user: { ...fixtures.customer, email: parsed.data.email } });
    }),
    http.post(url('user/login'), async ({ request }) => {
      const parsed = await parseBody(request, credentialsSchema);
      if (!parsed.success) return badRequest(parsed.error);
      const { email, password } = parsed.data;
      if (email !== fixtures.customer.email || password !== fixtures.password) {
        return HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 });
      }
      return HttpResponse.json(fixtures.storedCustomer);
    }),
    http.get(
      url('user/getuser'),
      signedIn(() => HttpResponse.json(fixtures.storedCustomer)),
    ),
    http.get(
      url('user/logout'),
      signedIn(() => HttpResponse.json({ message: 'Logged out successfully' })),
    ),
    http.post(
      url('user/logout-everywhere'),
      signedIn(() => HttpResponse.json({ message: 'Logged out on every device' })),
    ),
  ];
}

/** The customer's profile: its details, the email change and its links, the password's change and reset. */
function profileHandlers({ url }: HandlerContext): HttpHandler[] {
  return [
    http.put(
      url('user/change-password'),
      signedIn(async ({ request }) => {
        const parsed = await parseBody(request, changePasswordRequestSchema);
        if (!parsed.success) return badRequest(parsed.error);
        const refused = commonPasswordRefused(parsed.data.password);
        if (refused) return refused;
        if (parsed.data.currentPassword !== fixtures.password) return HttpResponse.json({ message: CURRENT_PASSWORD_WRONG_MESSAGE }, { status: 400 });
        return HttpResponse.json({ message: 'Password updated successfully' });
      }),
    ),
    http.put(url('user/undo-email-change/:token'), ({ params }) =>
      params.token === fixtures.emailChangeToken
        ? HttpResponse.json({ message: `Your account's email is ${fixtures.customer.email}. Every device was logged out: choose a new password to be safe.` })
        : HttpResponse.json({ message: 'This link is invalid or has expired' }, { status: 400 }),
    ),
    http.put(url('user/confirm-email/:token'), ({ params }) =>
      params.token === fixtures.emailChangeToken
        ? HttpResponse.json({ message: 'Email updated successfully', user: { ...fixtures.customer, email: fixtures.newEmail } })
        : HttpResponse.json({ message: 'This link is invalid or has expired' }, { status: 400 }),
    ),
    http.put(
      url('user/edit-user'),
      signedIn(async ({ request }) => {
        const parsed = await parseBody(request, editUserRequestSchema);
        if (!parsed.success) return badRequest(parsed.error);
        const { currentPassword, ...profile } = parsed.data;
        if (profile.email !== fixtures.customer.email) {
          if (currentPassword === undefined) return HttpResponse.json({ message: CURRENT_PASSWORD_REQUIRED_MESSAGE }, { status: 400 });
          if (currentPassword !== fixtures.password) return HttpResponse.json({ message: CURRENT_PASSWORD_WRONG_MESSAGE }, { status: 400 });
        }
        return HttpResponse.json({ _id: fixtures.customer._id, ...profile });
      }),
    ),
    http.post(url('user/forgot-password-token'), () => HttpResponse.json({ message: 'If that email is registered, a reset link has been sent to it' })),
    http.put(url('user/reset-password/:token'), async ({ params, request }) => {
      const parsed = await parseBody(request, resetPasswordRequestSchema);
      if (!parsed.success) return badRequest(parsed.error);
      if (params.token === 'expired') return HttpResponse.json({ message: 'The reset link is invalid or has expired' }, { status: 400 });
      return commonPasswordRefused(parsed.data.password) ?? HttpResponse.json({ message: 'Password updated' });
    }),
  ];
}

/** What the account keeps: the wishlist (one course to start with), the courses recently viewed and the shipping address. */
function savedCoursesAndAddressHandlers({ url }: HandlerContext): HttpHandler[] {
  let wishlist = fixtures.courses.slice(0, 1).map(fixtures.courseSummary);
  const recentlyViewed = fixtures.courses.slice(0, 2).map(fixtures.courseSummary);
  let address: ShippingAddress | null = null;
  return [
    http.get(
      url('user/wishlist'),
      signedIn(() => HttpResponse.json(wishlist)),
    ),
    http.put(
      url('user/wishlist'),
      signedIn(async ({ request }) => {
        const body = (await request.json()) as { courseId?: string };
        const course = fixtures.courses.find((c) => c._id === body.courseId);
        if (!course) return notFound('Course');
        wishlist = wishlist.some((c) => c._id === course._id) ? wishlist.filter((c) => c._id !== course._id) : [...wishlist, fixtures.courseSummary(course)];
        return HttpResponse.json(wishlist);
      }),
    ),
    http.get(
      url('user/recently-viewed'),
      signedIn(() => HttpResponse.json(recentlyViewed)),
    ),
    http.put(
      url('user/add-address'),
      signedIn(async ({ request }) => {
        const parsed = await parseBody(request, shippingAddressSchema);
        if (!parsed.success) return badRequest(parsed.error);
        address = parsed.data;
        return HttpResponse.json({ message: 'Address saved', address });
      }),
    ),
    http.get(
      url('user/get-address'),
      signedIn(() => HttpResponse.json({ address })),
    ),
  ];
}

/** The newsletter: an email subscribes once. */
function newsletterHandlers({ url }: HandlerContext): HttpHandler[] {
  const subscribers = new Set<string>();
  return [
    http.post(url('user/subscribe/newsletter'), async ({ request }) => {
      const parsed = await parseBody(request, newsletterRequestSchema);
      if (!parsed.success) return badRequest(parsed.error);
      if (subscribers.has(parsed.data.email)) {
        return HttpResponse.json({ message: NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE }, { status: 400 });
      }
      subscribers.add(parsed.data.email);
      return HttpResponse.json({ message: 'Subscribed to the newsletter successfully' });
    }),
  ];
}

/** The in-memory cart: its handlers change it, and an order takes it whole and empties it. */
interface CartStore {
  items: CartItem[];
}

const cartOf = ({ items }: CartStore): Cart => ({
  items,
  totalPrice: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
});

/** The cart: a course added (again: more of it), a quantity changed, an item removed, the cart emptied. */
function cartHandlers({ url, newId }: HandlerContext, cart: CartStore): HttpHandler[] {
  return [
    http.post(
      url('user/cart'),
      signedIn(async ({ request }) => {
        const parsed = await parseBody(request, addToCartRequestSchema);
        if (!parsed.success) return badRequest(parsed.error);
        const course = fixtures.courses.find((c) => c._id === parsed.data.courseId);
        if (!course) return notFound('Course');
        // Once per course, as the reference API (its seats change in the cart).
        if (cart.items.some((item) => item.course._id === course._id)) return HttpResponse.json({ message: ALREADY_IN_CART_MESSAGE }, { status: 409 });
        cart.items = [...cart.items, { _id: newId('cart-item'), course: fixtures.courseSummary(course), quantity: parsed.data.quantity, price: course.price }];
        return HttpResponse.json(cartOf(cart));
      }),
    ),
    http.get(
      url('user/cart'),
      signedIn(() => HttpResponse.json(cartOf(cart))),
    ),
    http.delete(
      url('user/delete-product-cart/:id'),
      signedIn(({ params }) => {
        if (!cart.items.some((item) => item._id === params.id)) return notFound('Cart item');
        cart.items = cart.items.filter((item) => item._id !== params.id);
        return HttpResponse.json(cartOf(cart));
      }),
    ),
    http.put(
      url('user/update-product-cart/:id/:quantity'),
      signedIn(({ params }) => {
        if (!cart.items.some((item) => item._id === params.id)) return notFound('Cart item');
        const quantity = Number(params.quantity);
        cart.items = cart.items.map((item) => (item._id === params.id ? { ...item, quantity } : item));
        return HttpResponse.json(cartOf(cart));
      }),
    ),
    http.delete(
      url('user/empty-cart'),
      signedIn(() => {
        cart.items = [];
        return HttpResponse.json(cartOf(cart));
      }),
    ),
  ];
}

/** A booking of a paid event, as the mock API keeps it to be paid (by the token its answer carried). */
interface PayableBooking {
  price: number;
  token: string;
  paidAt: string | null;
}

/** What can be paid (the customer's orders, the visitors' bookings of paid events), and the payments asked for. */
interface Payables {
  orders: Order[];
  bookings: Map<string, PayableBooking>;
  payments: Map<string, Payment>;
}

/**
 * Payments by M-Pesa of an order or a paid event's booking, settled the first time they are asked after, by the
 * phone's last digit as the kit's Daraja simulator does (1: cancelled on the phone; any other: paid).
 */
function paymentHandlers({ url, newId }: HandlerContext, payables: Payables): HttpHandler[] {
  const { payments } = payables;
  const settle = (payment: Payment): Payment => {
    if (payment.state !== 'pending') return payment;
    const settled: Payment = payment.phone?.endsWith('1')
      ? { ...payment, state: 'cancelled', message: 'The payment was cancelled on your phone.' }
      : { ...payment, state: 'paid', receipt: 'QWE1RTY2UI' };
    if (settled.state === 'paid') {
      const paidAt = new Date().toISOString();
      payables.orders = payables.orders.map((o) => (o._id === payment.orderId ? { ...o, paidAt } : o));
      const booking = payment.bookingId === null ? undefined : payables.bookings.get(payment.bookingId);
      if (booking) booking.paidAt = paidAt;
    }
    payments.set(payment._id, settled);
    return settled;
  };
  const open = (paying: { orderId: string } | { bookingId: string }, amount: number, phone: string) => {
    const payment: Payment = {
      _id: newId('payment'),
      orderId: null,
      bookingId: null,
      ...paying,
      state: 'pending',
      amount,
      phone,
      receipt: null,
      message: null,
      createdAt: new Date().toISOString(),
    };
    payments.set(payment._id, payment);
    return HttpResponse.json(payment, { status: 201 });
  };
  return [
    http.post(
      url('payments'),
      signedIn(async ({ request }) => {
        const parsed = await parseBody(request, startPaymentRequestSchema);
        if (!parsed.success) return badRequest(parsed.error);
        const order = payables.orders.find((o) => o._id === parsed.data.orderId);
        if (!order) return notFound('Order');
        if (order.paidAt) return HttpResponse.json({ message: 'This order is already paid' }, { status: 409 });
        return open({ orderId: order._id }, order.totalPrice, parsed.data.phone);
      }),
    ),
    http.post(url('payments/booking'), async ({ request }) => {
      const parsed = await parseBody(request, startBookingPaymentRequestSchema);
      if (!parsed.success) return badRequest(parsed.error);
      const booking = payables.bookings.get(parsed.data.bookingId);
      if (!booking || booking.token !== parsed.data.bookingToken) return notFound('Booking');
      if (booking.paidAt) return HttpResponse.json({ message: 'This booking is already paid' }, { status: 409 });
      return open({ bookingId: parsed.data.bookingId }, booking.price, parsed.data.phone);
    }),
    http.get(url('payments/:id'), (info) => {
      const payment = payments.get(String(info.params.id));
      const bookingToken = info.request.headers.get(BOOKING_TOKEN_HEADER);
      if (bookingToken === null) return signedIn(() => (payment?.orderId ? HttpResponse.json(settle(payment)) : notFound('Payment')))(info);
      const booking = payment?.bookingId ? payables.bookings.get(payment.bookingId) : undefined;
      return payment && booking?.token === bookingToken ? HttpResponse.json(settle(payment)) : notFound('Payment');
    }),
  ];
}

/** The orders: one made of the whole cart, the customer's own, newest first, and a change of status. */
function orderHandlers({ url, newId }: HandlerContext, cart: CartStore, payables: Payables): HttpHandler[] {
  return [
    http.post(
      url('user/cart/create-order'),
      signedIn(async ({ request }) => {
        const parsed = await parseBody(request, createOrderRequestSchema);
        if (!parsed.success) return badRequest(parsed.error);
        if (cart.items.length === 0) return HttpResponse.json({ message: 'Your cart is empty' }, { status: 400 });
        const order: Order = {
          _id: newId('order'),
          items: cart.items.map(({ course, quantity, price }) => ({ course, quantity, price })),
          shippingInfo: parsed.data.shippingInfo,
          totalPrice: cartOf(cart).totalPrice,
          status: 'Ordered',
          createdAt: new Date().toISOString(),
        };
        payables.orders = [order, ...payables.orders];
        cart.items = [];
        return HttpResponse.json(order);
      }),
    ),
    http.get(
      url('user/getmyorders'),
      signedIn(() =>
        HttpResponse.json(
          payables.orders.map((order) => ({
            ...order,
            waitingPaymentId: [...payables.payments.values()].find((payment) => payment.orderId === order._id && payment.state === 'pending')?._id ?? null,
          })),
        ),
      ),
    ),
    http.put(
      url('user/updateOrder/:id'),
      signedIn(async ({ request, params }) => {
        const parsed = await parseBody(request, updateOrderRequestSchema);
        if (!parsed.success) return badRequest(parsed.error);
        const order = payables.orders.find((o) => o._id === params.id);
        if (!order) return notFound('Order');
        const updated: Order = { ...order, status: parsed.data.status };
        payables.orders = payables.orders.map((o) => (o === order ? updated : o));
        return HttpResponse.json(updated);
      }),
    ),
  ];
}

/**
 * The requests a visitor sends without an account: an enquiry, and a booking or a call request (the requests API).
 * A paid event's booking is answered with the token that pays it, as the reference API does where it takes M-Pesa.
 */
function requestHandlers({ url, newId }: HandlerContext, { bookings }: Payables): HttpHandler[] {
  return [
    http.post(url('enquiry'), async ({ request }) => {
      const parsed = await parseBody(request, enquiryRequestSchema);
      if (!parsed.success) return badRequest(parsed.error);
      return HttpResponse.json({ ...parsed.data, _id: newId('enquiry'), createdAt: new Date().toISOString() });
    }),
    http.post(url('booking/', 'requests'), async ({ request }) => {
      const parsed = await parseBody(request, bookingRequestSchema);
      if (!parsed.success) return badRequest(parsed.error);
      const _id = newId('booking');
      const price = fixtures.events.find((event) => event._id === parsed.data.event.id)?.price ?? parsed.data.event.price ?? 0;
      const paymentToken = price > 0 ? `token-of-${_id}` : undefined;
      if (paymentToken) bookings.set(_id, { price, token: paymentToken, paidAt: null });
      return HttpResponse.json({ ...parsed.data, _id, createdAt: new Date().toISOString(), paymentToken, paidAt: null });
    }),
    http.post(url('course-request/', 'requests'), async ({ request }) => {
      const parsed = await parseBody(request, courseCallRequestSchema);
      if (!parsed.success) return badRequest(parsed.error);
      return HttpResponse.json({ ...parsed.data, _id: newId('course-request'), createdAt: new Date().toISOString() });
    }),
  ];
}

/**
 * msw handlers for every call of the contract, answering from the fixtures, area by area.
 * Each call of createHandlers starts a fresh in-memory cart, orders, bookings, address and newsletter list.
 * Authenticated calls need the fixtures' token (sign in with `signInForTests`).
 */
export function createHandlers(bases: HandlerBases = {}): HttpHandler[] {
  let nextId = 1;
  const context: HandlerContext = {
    url: (path, base = 'main') => apiUrl(path, base, bases),
    newId: (prefix) => `${prefix}-${nextId++}`,
  };
  const cart: CartStore = { items: [] };
  const payables: Payables = { orders: [], bookings: new Map(), payments: new Map() };
  return [
    ...catalogueHandlers(context),
    ...registrationAndSignInHandlers(context),
    ...profileHandlers(context),
    ...savedCoursesAndAddressHandlers(context),
    ...newsletterHandlers(context),
    ...cartHandlers(context, cart),
    ...orderHandlers(context, cart, payables),
    ...paymentHandlers(context, payables),
    ...requestHandlers(context, payables),
  ];
}

interface OverrideOptions extends HandlerBases {
  base?: Base;
}

/**
 * A handler answering `status` with an optional `{ message }`; put it first with `server.use(...)`.
 * `once`: only the next call fails, the ones after get the regular answer (a retry that works).
 */
export function errorResponse(
  method: Method,
  path: string,
  { status = 500, message, once = false, ...options }: OverrideOptions & { status?: number; message?: string; once?: boolean } = {},
): HttpHandler {
  return http[method](apiUrl(path, options.base, options), () => HttpResponse.json(message === undefined ? {} : { message }, { status }), { once });
}

/** A handler answering 200 with a body that breaks the contract. */
export function malformedResponse(
  method: Method,
  path: string,
  { body = { unexpected: true }, ...options }: OverrideOptions & { body?: unknown } = {},
): HttpHandler {
  return http[method](apiUrl(path, options.base, options), () => HttpResponse.json(body as never));
}

/** A handler that waits `ms` and then lets the regular handler answer (use it to exceed the timeout or show loading). */
export function delayedResponse(method: Method, path: string, ms: number, options: OverrideOptions = {}): HttpHandler {
  return http[method](apiUrl(path, options.base, options), async () => {
    await delay(ms);
  });
}

/** A handler whose connection fails, as when the API is down; `once`: only the next call. */
export function networkFailure(method: Method, path: string, { once = false, ...options }: OverrideOptions & { once?: boolean } = {}): HttpHandler {
  return http[method](apiUrl(path, options.base, options), () => HttpResponse.error(), { once });
}
