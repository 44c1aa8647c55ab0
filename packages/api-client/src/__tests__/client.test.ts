import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  addToCart,
  putInCart,
  ApiError,
  bookEvent,
  createOrder,
  editUser,
  changePassword,
  logoutEverywhere,
  undoEmailChange,
  emptyCart,
  fetchUser,
  getAddress,
  getBlog,
  getBlogs,
  getCart,
  getCourse,
  getCourses,
  getEvent,
  getEvents,
  getMyOrders,
  getRecentlyViewed,
  getWishlist,
  login,
  logout,
  onUnauthorized,
  register,
  removeFromCart,
  requestCourseCall,
  requestPasswordReset,
  resendOtp,
  resetPassword,
  saveAddress,
  sendEnquiry,
  SESSION_EXPIRED_MESSAGE,
  subscribeToNewsletter,
  toggleWishlist,
  updateCartQuantity,
  updateOrderStatus,
  useSession,
  verifyOtp,
} from '../index';
import {
  apiUrl,
  createHandlers,
  delayedResponse,
  errorResponse,
  fixtures,
  malformedResponse,
  networkFailure,
  resetSessionForTests,
  setupApiForTests,
  signInForTests,
  type Base,
  type Method,
} from '../testing';

const server = setupServer(...createHandlers());
beforeAll(() => {
  setupApiForTests();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers(...createHandlers());
  resetSessionForTests();
  setupApiForTests();
});
afterAll(() => server.close());

const [course] = fixtures.courses;
const [event] = fixtures.events;
const [post] = fixtures.blogs;
const registration = {
  firstname: 'Brian',
  lastname: 'Kiprop',
  email: 'brian.kiprop@example.co.ke',
  mobile: '733111222',
  password: 'Chai-2025-strong',
};
const bookingRequest = {
  contactDetails: { name: 'Peter Mwangi', email: 'peter@example.co.ke', phone: '722000111', contactMethod: 'WhatsApp' as const },
  event: { id: event!._id, title: event!.title, startDate: event!.startDate, endDate: event!.endDate, price: 0, venue: 'KICC', city: 'Nairobi' },
};
const callRequest = {
  contactDetails: { name: 'Peter Mwangi', email: 'peter@example.co.ke', phone: '722000111', contactMethod: '' as const },
  course: { id: course!._id, title: course!.title, price: course!.price, duration: course!.duration },
};

/** One row per client function: how to call it, where it goes, and what the catalogue says on failure. */
interface Row {
  name: string;
  method: Method;
  path: string;
  base?: Base;
  /** The call sends the bearer token and a 401 signs the customer out. */
  auth: boolean;
  /** The catalogue shows the server's message for this call. */
  serverMessage: boolean;
  fallback: string;
  run: () => Promise<unknown>;
  check: (result: unknown) => void;
  /**
   * For a write whose answer no page needs: any 2xx body is a success, and this checks what the call
   * resolves with when the body says nothing it knows. Without it, such a body is a malformed answer.
   */
  anyAnswer?: (result: unknown) => void;
}

/**
 * The public reads of a list and of one of its items (blogs, events, courses): the same two rows, named after
 * what they read ('blog': getBlogs on GET blog, 'Error getting blogs'; getBlog on GET blog/:id, 'Error getting blog').
 */
function listAndItem<T extends { _id: string }>(noun: string, getAll: () => Promise<T[]>, getOne: (id: string) => Promise<T>, all: T[], one: T): Row[] {
  const name = `get${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return [
    {
      name: `${name}s`,
      method: 'get',
      path: noun,
      auth: false,
      serverMessage: false,
      fallback: `Error getting ${noun}s`,
      run: getAll,
      check: (r) => expect(r).toEqual(all),
    },
    {
      name,
      method: 'get',
      path: `${noun}/:id`,
      auth: false,
      serverMessage: false,
      fallback: `Error getting ${noun}`,
      run: () => getOne(one._id),
      check: (r) => expect(r).toEqual(one),
    },
  ];
}

const rows: Row[] = [
  {
    name: 'register',
    method: 'post',
    path: 'user/register',
    auth: false,
    serverMessage: true,
    fallback: 'Error registering user',
    run: () => register(registration),
    check: (r) => expect(r).toEqual({ message: 'OTP has been sent to your email', registrationToken: fixtures.registrationToken }),
    anyAnswer: (r) => expect(r).toEqual({}),
  },
  {
    name: 'resendOtp',
    method: 'post',
    path: 'user/register',
    auth: false,
    serverMessage: true,
    fallback: 'Error resending OTP',
    run: () => resendOtp({ email: registration.email }, fixtures.registrationToken),
    check: (r) => expect(r).toEqual({ message: 'OTP has been resent successfully' }),
  },
  {
    name: 'verifyOtp',
    method: 'post',
    path: 'user/verify-otp',
    auth: false,
    serverMessage: false,
    fallback: 'Error verifying OTP',
    run: () => verifyOtp({ otp: fixtures.otp, email: registration.email }, fixtures.registrationToken),
    check: (r) => expect(r).toEqual({ message: 'User created successfully' }),
  },
  {
    name: 'login',
    method: 'post',
    path: 'user/login',
    auth: false,
    serverMessage: true,
    fallback: 'Error Logging in',
    run: () => login({ email: fixtures.customer.email, password: fixtures.password }),
    check: (r) => expect(r).toEqual(fixtures.storedCustomer),
  },
  {
    name: 'fetchUser',
    method: 'get',
    path: 'user/getuser',
    auth: true,
    serverMessage: false,
    fallback: 'Failed to fetch user data',
    run: fetchUser,
    check: (r) => expect(r).toEqual(fixtures.storedCustomer),
  },
  {
    name: 'logout',
    method: 'get',
    path: 'user/logout',
    auth: true,
    serverMessage: false,
    fallback: 'Error logging out',
    run: logout,
    check: (r) => expect(r).toBeUndefined(),
    anyAnswer: (r) => expect(r).toBeUndefined(),
  },
  {
    name: 'getWishlist',
    method: 'get',
    path: 'user/wishlist',
    auth: true,
    serverMessage: false,
    fallback: 'Error getting wishlist',
    run: getWishlist,
    check: (r) => expect(r).toEqual([fixtures.courseSummary(course!)]),
  },
  {
    name: 'toggleWishlist',
    method: 'put',
    path: 'user/wishlist',
    auth: true,
    serverMessage: false,
    fallback: 'Error updating wishlist',
    run: () => toggleWishlist({ courseId: course!._id }),
    check: (r) => expect(r).toEqual([]),
  },
  {
    name: 'addToCart',
    method: 'post',
    path: 'user/cart',
    auth: true,
    serverMessage: false,
    fallback: 'Error adding to cart',
    run: () => addToCart({ courseId: course!._id, quantity: 2 }),
    check: (r) => {
      expect(r).toMatchObject({ items: [{ course: { _id: course!._id }, quantity: 2 }], totalPrice: course!.price * 2 });
      expect(useSession.getState().cartCount).toBe(2);
    },
    // An answer that is not the cart: the cart is read again (here the write was only mocked, so it is empty).
    anyAnswer: (r) => expect(r).toEqual({ items: [], totalPrice: 0 }),
  },
  {
    name: 'getCart',
    method: 'get',
    path: 'user/cart',
    auth: true,
    serverMessage: false,
    fallback: 'Error getting cart',
    run: getCart,
    check: (r) => expect(r).toEqual({ items: [], totalPrice: 0 }),
  },
  {
    name: 'removeFromCart',
    method: 'delete',
    path: 'user/delete-product-cart/:id',
    auth: true,
    serverMessage: false,
    fallback: 'Something Went Wrong!',
    run: async () => {
      const cart = await addToCart({ courseId: course!._id, quantity: 1 });
      return removeFromCart(cart.items[0]!._id);
    },
    check: (r) => {
      expect(r).toEqual({ items: [], totalPrice: 0 });
      expect(useSession.getState().cartCount).toBe(0);
    },
    anyAnswer: (r) => {
      expect(r).toMatchObject({ items: [{ quantity: 1 }] });
      expect(useSession.getState().cartCount).toBe(1);
    },
  },
  {
    name: 'updateCartQuantity',
    method: 'put',
    path: 'user/update-product-cart/:id/:quantity',
    auth: true,
    serverMessage: false,
    fallback: 'Something Went Wrong!',
    run: async () => {
      const cart = await addToCart({ courseId: course!._id, quantity: 1 });
      return updateCartQuantity(cart.items[0]!._id, 4);
    },
    check: (r) => {
      expect(r).toMatchObject({ items: [{ quantity: 4 }], totalPrice: course!.price * 4 });
      expect(useSession.getState().cartCount).toBe(4);
    },
    anyAnswer: (r) => expect(r).toMatchObject({ items: [{ quantity: 1 }] }),
  },
  {
    name: 'emptyCart',
    method: 'delete',
    path: 'user/empty-cart',
    auth: true,
    serverMessage: false,
    fallback: 'Error emptying cart',
    run: emptyCart,
    check: (r) => expect(r).toEqual({ items: [], totalPrice: 0 }),
    anyAnswer: (r) => expect(r).toEqual({ items: [], totalPrice: 0 }),
  },
  {
    name: 'createOrder',
    method: 'post',
    path: 'user/cart/create-order',
    auth: true,
    serverMessage: false,
    fallback: 'Error creating order',
    run: async () => {
      await addToCart({ courseId: course!._id, quantity: 1 });
      return createOrder({ shippingInfo: fixtures.address });
    },
    check: (r) => {
      expect(r).toMatchObject({ status: 'Ordered', totalPrice: course!.price, shippingInfo: fixtures.address });
      expect(useSession.getState().cartCount).toBe(0);
    },
    anyAnswer: (r) => {
      expect(r).toBeNull();
      expect(useSession.getState().cartCount).toBe(0);
    },
  },
  {
    name: 'getMyOrders',
    method: 'get',
    path: 'user/getmyorders',
    auth: true,
    serverMessage: false,
    fallback: 'Error getting user orders',
    run: getMyOrders,
    check: (r) => expect(r).toEqual([]),
  },
  {
    name: 'updateOrderStatus',
    method: 'put',
    path: 'user/updateOrder/:id',
    auth: true,
    serverMessage: false,
    fallback: 'Error updating order',
    run: async () => {
      await addToCart({ courseId: course!._id, quantity: 1 });
      const order = (await createOrder({ shippingInfo: fixtures.address }))!;
      return updateOrderStatus(order._id, { status: 'Cancelled' });
    },
    check: (r) => expect(r).toMatchObject({ status: 'Cancelled' }),
    anyAnswer: (r) => expect(r).toBeNull(),
  },
  {
    name: 'editUser',
    method: 'put',
    path: 'user/edit-user',
    auth: true,
    serverMessage: true,
    fallback: 'Error updating user',
    run: () => editUser({ firstname: 'Amina', lastname: 'Wairimu', email: fixtures.customer.email, mobile: '712345678' }),
    // The mobile as the one phone rule sends it.
    check: (r) => expect(r).toEqual({ firstname: 'Amina', lastname: 'Wairimu', email: fixtures.customer.email, mobile: '254712345678' }),
    // The profile as sent: the server stored it.
    anyAnswer: (r) => expect(r).toEqual({ firstname: 'Amina', lastname: 'Wairimu', email: fixtures.customer.email, mobile: '254712345678' }),
  },
  {
    name: 'requestPasswordReset',
    method: 'post',
    path: 'user/forgot-password-token',
    auth: false,
    serverMessage: true,
    fallback: 'Error requesting forgot password token',
    run: () => requestPasswordReset({ email: fixtures.customer.email }),
    check: (r) => expect(r).toBeUndefined(),
    anyAnswer: (r) => expect(r).toBeUndefined(),
  },
  {
    name: 'resetPassword',
    method: 'put',
    path: 'user/reset-password/:token',
    auth: false,
    serverMessage: false,
    fallback: 'Error resetting password',
    run: () => resetPassword('a-valid-token', { password: 'New-Password-1' }),
    check: (r) => expect(r).toBeUndefined(),
    anyAnswer: (r) => expect(r).toBeUndefined(),
  },
  {
    name: 'changePassword',
    method: 'put',
    path: 'user/change-password',
    auth: true,
    serverMessage: true,
    fallback: 'Something Went Wrong!',
    run: () => changePassword({ currentPassword: fixtures.password, password: 'New-Password-2027' }),
    check: (r) => expect(r).toBeUndefined(),
    anyAnswer: (r) => expect(r).toBeUndefined(),
  },
  {
    name: 'logoutEverywhere',
    method: 'post',
    path: 'user/logout-everywhere',
    auth: true,
    serverMessage: false,
    fallback: 'Error logging out',
    run: logoutEverywhere,
    check: (r) => {
      expect(r).toBeUndefined();
      expect(useSession.getState().customer).toBeNull();
    },
    anyAnswer: (r) => expect(r).toBeUndefined(),
  },
  {
    name: 'undoEmailChange',
    method: 'put',
    path: 'user/undo-email-change/:token',
    auth: false,
    serverMessage: true,
    fallback: 'This link is invalid or has expired',
    run: () => undoEmailChange(fixtures.emailChangeToken),
    check: (r) => expect(r).toMatch(/Every device was logged out/),
  },
  {
    name: 'getRecentlyViewed',
    method: 'get',
    path: 'user/recently-viewed',
    auth: true,
    serverMessage: false,
    fallback: 'Error getting recently viewed products',
    run: getRecentlyViewed,
    check: (r) => expect(r).toHaveLength(2),
  },
  {
    name: 'saveAddress',
    method: 'put',
    path: 'user/add-address',
    auth: true,
    serverMessage: true,
    fallback: 'Error adding address',
    run: () => saveAddress(fixtures.address),
    check: (r) => expect(r).toEqual(fixtures.address),
    anyAnswer: (r) => expect(r).toEqual(fixtures.address),
  },
  {
    name: 'getAddress',
    method: 'get',
    path: 'user/get-address',
    auth: true,
    serverMessage: false,
    fallback: 'Error getting address',
    run: async () => {
      await saveAddress(fixtures.address);
      return getAddress();
    },
    check: (r) => expect(r).toEqual(fixtures.address),
  },
  {
    name: 'subscribeToNewsletter',
    method: 'post',
    path: 'user/subscribe/newsletter',
    auth: false,
    serverMessage: true,
    fallback: 'Error subscribing to newsletter',
    run: () => subscribeToNewsletter({ email: 'grace@example.co.ke' }),
    check: (r) => expect(r).toBeUndefined(),
    anyAnswer: (r) => expect(r).toBeUndefined(),
  },
  ...listAndItem('blog', getBlogs, getBlog, fixtures.blogs, post!),
  ...listAndItem('event', getEvents, getEvent, fixtures.events, event!),
  {
    name: 'sendEnquiry',
    method: 'post',
    path: 'enquiry',
    auth: false,
    serverMessage: false,
    fallback: 'Something Went wrong !',
    run: () => sendEnquiry({ name: 'Peter', email: 'peter@example.co.ke', mobile: '722000111', comment: 'HACCP in Thika?' }),
    check: (r) => expect(r).toMatchObject({ name: 'Peter', comment: 'HACCP in Thika?', _id: expect.any(String) }),
    anyAnswer: (r) => expect(r).toBeNull(),
  },
  ...listAndItem('course', getCourses, getCourse, fixtures.courses, course!),
  {
    name: 'bookEvent',
    method: 'post',
    path: 'booking/',
    base: 'requests',
    auth: false,
    serverMessage: true,
    fallback: 'Something went wrong!',
    run: () => bookEvent(bookingRequest),
    check: (r) =>
      expect(r).toMatchObject({ ...bookingRequest, contactDetails: { ...bookingRequest.contactDetails, phone: '254722000111' }, _id: expect.any(String) }),
    anyAnswer: (r) => expect(r).toBeNull(),
  },
  {
    name: 'requestCourseCall',
    method: 'post',
    path: 'course-request/',
    base: 'requests',
    auth: false,
    serverMessage: true,
    fallback: 'Something went wrong!',
    run: () => requestCourseCall(callRequest),
    check: (r) =>
      expect(r).toMatchObject({ ...callRequest, contactDetails: { ...callRequest.contactDetails, phone: '254722000111' }, _id: expect.any(String) }),
    anyAnswer: (r) => expect(r).toBeNull(),
  },
];

/** The call a row makes last, so multi-step rows (add then remove) fail only at the step under test. */
const override = (row: Row, handler: (method: Method, path: string, options: { base?: Base }) => ReturnType<typeof errorResponse>) =>
  server.use(handler(row.method, row.path, { base: row.base }));

async function failure(row: Row): Promise<ApiError> {
  const error: unknown = await row.run().then(
    () => new Error(`${row.name} resolved but should have failed`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe.each(rows)('$name ($method $path)', (row) => {
  beforeEach(() => {
    if (row.auth) signInForTests();
  });

  it('answers with the parsed body', async () => {
    row.check(await row.run());
  });

  it(row.serverMessage ? "shows the server's message" : 'shows its catalogue message, not the server one', async () => {
    override(row, (m, p, o) => errorResponse(m, p, { ...o, status: 400, message: 'The server says no' }));
    const error = await failure(row);
    expect(error).toMatchObject({ kind: 'http', status: 400, serverMessage: 'The server says no' });
    expect(error.message).toBe(row.serverMessage ? 'The server says no' : row.fallback);
  });

  it("shows a limit's own words (429), whatever its catalogue message", async () => {
    override(row, (m, p, o) => errorResponse(m, p, { ...o, status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' }));
    const error = await failure(row);
    expect(error).toMatchObject({ kind: 'http', status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' });
  });

  it('falls back to its catalogue message when the server gives none', async () => {
    override(row, (m, p, o) => errorResponse(m, p, { ...o, status: 400 }));
    const error = await failure(row);
    expect(error).toMatchObject({ kind: 'http', status: 400, serverMessage: null, message: row.fallback });
  });

  it(row.auth ? 'signs the customer out on 401' : 'keeps the session on 401', async () => {
    signInForTests();
    const listener = jest.fn();
    const stop = onUnauthorized(listener);
    override(row, (m, p, o) => errorResponse(m, p, { ...o, status: 401 }));
    const error = await failure(row);
    stop();
    expect(error).toMatchObject({ kind: 'http', status: 401, message: row.fallback });
    if (row.auth) {
      expect(useSession.getState().customer).toBeNull();
      expect(localStorage.getItem('customer')).toBeNull();
      expect(listener).toHaveBeenCalledWith(expect.objectContaining({ message: SESSION_EXPIRED_MESSAGE, status: 401 }));
    } else {
      expect(useSession.getState().customer).toEqual(fixtures.storedCustomer);
      expect(listener).not.toHaveBeenCalled();
    }
  });

  it('reports a server error', async () => {
    override(row, (m, p, o) => errorResponse(m, p, { ...o, status: 500 }));
    const error = await failure(row);
    expect(error).toMatchObject({ kind: 'http', status: 500, message: row.fallback });
  });

  it('gives up after the timeout', async () => {
    setupApiForTests({ timeoutMs: 100 });
    override(row, (m, p, o) => delayedResponse(m, p, 400, o));
    const error = await failure(row);
    expect(error).toMatchObject({ kind: 'timeout', status: null, message: row.fallback });
  });

  if (row.anyAnswer) {
    const { anyAnswer } = row;
    it('takes any 2xx answer as done', async () => {
      override(row, (m, p, o) => malformedResponse(m, p, o));
      anyAnswer(await row.run());
    });
  } else {
    it('rejects a body that breaks the contract', async () => {
      override(row, (m, p, o) => malformedResponse(m, p, o));
      const error = await failure(row);
      expect(error).toMatchObject({ kind: 'malformed', message: row.fallback });
      expect(error.detail).toMatch(/does not match the contract/);
    });
  }

  it('reports an unreachable server', async () => {
    override(row, (m, p, o) => networkFailure(m, p, o));
    const error = await failure(row);
    expect(error).toMatchObject({ kind: 'network', status: null, message: row.fallback });
  });
});

describe('requests', () => {
  it('sends JSON accept and the bearer token on authenticated calls only', async () => {
    signInForTests();
    const seen: Record<string, { accept: string | null; authorization: string | null }> = {};
    server.events.on('request:start', ({ request }) => {
      seen[new URL(request.url).pathname] = {
        accept: request.headers.get('Accept'),
        authorization: request.headers.get('Authorization'),
      };
    });
    await getCart();
    await getBlogs();
    server.events.removeAllListeners();
    expect(seen['/api/user/cart']).toEqual({ accept: expect.stringContaining('application/json'), authorization: 'Bearer test-token' });
    expect(seen['/api/blog']).toEqual({ accept: expect.stringContaining('application/json'), authorization: null });
  });

  it('declares every body as JSON; bodiless writes send no body', async () => {
    signInForTests();
    const seen: { path: string; type: string | null; body: string }[] = [];
    server.events.on('request:start', async ({ request }) => {
      seen.push({ path: new URL(request.url).pathname, type: request.headers.get('Content-Type'), body: await request.clone().text() });
    });
    await sendEnquiry(fixtures.enquiry);
    await addToCart({ courseId: fixtures.courses[0]!._id, quantity: 1 });
    await updateCartQuantity((await getCart()).items[0]!._id, 2);
    server.events.removeAllListeners();
    expect(seen.find((r) => r.path === '/api/enquiry')?.type).toBe('application/json');
    expect(seen.find((r) => r.path === '/api/user/cart' && r.body !== '')?.type).toBe('application/json');
    expect(seen.find((r) => r.path.startsWith('/api/user/update-product-cart/'))?.body).toBe('');
  });

  it('puts a course in the cart once, even against an API that would add a second seat', async () => {
    signInForTests();
    const course = fixtures.courses[0]!;
    await expect(putInCart(course._id)).resolves.toBe('added');
    // An API that adds seats for a course already there (as some do): the cart the client saw says it is there.
    const posted: string[] = [];
    server.use(http.post('*/user/cart', async ({ request }) => void posted.push(await request.text())));
    await expect(putInCart(course._id)).resolves.toBe('already');
    // A visit that has not seen the cart asks for it first.
    useSession.setState({ cartCourseIds: null });
    await expect(putInCart(course._id)).resolves.toBe('already');
    expect(posted).toEqual([]);
    expect(useSession.getState()).toMatchObject({ cartCount: 1, cartCourseIds: [course._id] });
  });

  it('reads a token nested under user', async () => {
    signInForTests({ ...fixtures.customer, user: { token: fixtures.token } });
    await expect(getCart()).resolves.toEqual({ items: [], totalPrice: 0 });
  });

  it('sends booking and course requests to the second base', async () => {
    setupApiForTests({ requestsApiBaseUrl: 'http://requests.test/v2/' });
    server.use(
      http.post('http://requests.test/v2/booking/', () => HttpResponse.json(fixtures.booking)),
      http.post('http://requests.test/v2/course-request/', () => HttpResponse.json(fixtures.courseCallRequest)),
    );
    await expect(bookEvent(bookingRequest)).resolves.toEqual(fixtures.booking);
    await expect(requestCourseCall(callRequest)).resolves.toEqual(fixtures.courseCallRequest);
  });

  it('refuses an invalid payload without calling the server', async () => {
    const calls = jest.fn();
    server.events.on('request:start', calls);
    const error: unknown = await addToCart({ courseId: '', quantity: 0 }).catch((e: unknown) => e);
    server.events.removeAllListeners();
    expect(error).toMatchObject({ kind: 'invalid', message: 'Error adding to cart' });
    expect(calls).not.toHaveBeenCalled();
  });

  it('passes the newsletter duplicate message through', async () => {
    await subscribeToNewsletter({ email: 'grace@example.co.ke' });
    await expect(subscribeToNewsletter({ email: 'grace@example.co.ke' })).rejects.toMatchObject({
      status: 400,
      message: 'Email is already subscribed to the newsletter.',
    });
  });

  it('treats a verify-otp answer without the created message as malformed', async () => {
    server.use(http.post(apiUrl('user/verify-otp'), () => HttpResponse.json({ message: 'Pending', user: fixtures.customer })));
    await expect(verifyOtp({ otp: '123456', email: 'a@b.co' })).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('rejects a login answer without a token', async () => {
    server.use(http.post(apiUrl('user/login'), () => HttpResponse.json(fixtures.customer)));
    await expect(login({ email: fixtures.customer.email, password: 'x' })).rejects.toMatchObject({
      kind: 'malformed',
      message: 'Error Logging in',
    });
  });

  it('fails clearly when the API is not configured', async () => {
    jest.isolateModules(() => {
      // A fresh copy of the settings module has no configuration yet.
      const { getApiSettings } = jest.requireActual<typeof import('../settings')>('../settings');
      expect(() => getApiSettings()).toThrow('call configureApi()');
    });
  });
});
