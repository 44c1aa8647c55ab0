import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import * as client from '@agri/api-client';
import { API_DIALECTS, type ApiDialect } from './dialect';
import { bookable, startTestApi, testAddress, type TestApi } from './test-support';

// The real client functions against the real server over HTTP, in each dialect the server speaks: the
// client reads our contract's forms and the hosted (MongoDB-style) API's alike, and client and server cannot drift.
interface RunningApi {
  api: TestApi;
  server: ServerType;
  settings: client.ApiSettings;
}
const running = new Map<ApiDialect, RunningApi>();
const password = 'Contract-pass-2025';
const address: client.ShippingAddress = testAddress();

before(async () => {
  for (const dialect of API_DIALECTS) {
    const api = await startTestApi({ API_DIALECT: dialect });
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const settings = { apiBaseUrl: `http://127.0.0.1:${port}/api/`, requestsApiBaseUrl: `http://127.0.0.1:${port}/requests/`, chatNumber: '254700000000' };
    running.set(dialect, { api, server, settings });
  }
});
after(async () => {
  for (const { api, server } of running.values()) {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
  }
});

/** Points the client at the server of `dialect`; returns that server's test handle. */
function use(dialect: ApiDialect): TestApi {
  const { api, settings } = running.get(dialect)!;
  client.configureApi(settings);
  return api;
}

/**
 * The fields apps see, without what each server makes its own (ids, and the times it seeded and last
 * changed its items); a field left undefined counts as absent.
 */
const withoutIds = <T extends { _id: string; createdAt?: string; updatedAt?: string }>(items: T[]) =>
  JSON.parse(JSON.stringify(items.map(({ _id: _ignoredId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields }) => fields)));

describe('both dialects read alike', () => {
  it('the hosted API sends 24-hex ids, date-times, numeric strings and nulls', async () => {
    const hosted = use('hosted');
    const body = (await (await hosted.call('GET', '/api/event')).json()) as { data: Record<string, unknown>[] };
    const [event] = body.data;
    assert.match(String(event!._id), /^[0-9a-f]{24}$/);
    assert.match(String(event!.startDate), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    assert.equal(typeof event!.price, 'string');
    const courses = (await (await hosted.call('GET', '/api/course')).json()) as Record<string, unknown>[];
    assert.ok(courses.some((course) => course.skillLevel === null));
  });

  it('courses, events and blog posts come out of the client the same from either server', async () => {
    const read = async (dialect: ApiDialect) => {
      use(dialect);
      return { courses: withoutIds(await client.getCourses()), events: withoutIds(await client.getEvents()), posts: withoutIds(await client.getBlogs()) };
    };
    const reference = await read('reference');
    assert.deepEqual(await read('hosted'), reference);
    use('hosted');
    for (const item of [...(await client.getCourses()), ...(await client.getBlogs())]) assert.ok(item.updatedAt, 'updatedAt read');
    assert.match(reference.events[0]!.startDate, /^\d{4}-\d{2}-\d{2}$/);
  });
});

for (const dialect of API_DIALECTS) {
  describe(`${dialect} dialect`, () => {
    const email = `contract.${dialect}@example.co.ke`;
    const contactDetails = { name: 'Amina Njoroge', email, phone: '712345678', contactMethod: 'Email' as const };
    let api: TestApi;
    before(() => {
      api = use(dialect);
      client.useSession.setState({ customer: null, cartCount: 0 });
    });
    /** Writes answered with the stored record on our API resolve with it; the hosted API's bare echo gives null. */
    const storedOnlyByReference = <T>(result: T | null, check: (record: T) => void) => {
      if (dialect === 'reference') check(result!);
      else assert.equal(result, null);
    };
    const count = async (table: string) => (await api.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0]!.count;

    describe('catalogue calls', () => {
      it('getCourses, getCourse', async () => {
        const courses = await client.getCourses();
        assert.ok(courses.length >= 10);
        assert.equal((await client.getCourse(courses[0]!._id)).title, courses[0]!.title);
        await assert.rejects(client.getCourse('00000000-0000-0000-0000-000000000000'), { kind: 'http', status: 404, message: 'Error getting course' });
      });

      it('getEvents, getEvent', async () => {
        const events = await client.getEvents();
        assert.ok(events.length >= 6);
        assert.equal((await client.getEvent(events[0]!._id))._id, events[0]!._id);
      });

      it('getBlogs, getBlog', async () => {
        const posts = await client.getBlogs();
        assert.ok(posts.length >= 8);
        assert.equal((await client.getBlog(posts[0]!._id)).title, posts[0]!.title);
      });
    });

    describe('visitor requests', () => {
      it('sendEnquiry', async () => {
        const before = await count('enquiries');
        const enquiry = await client.sendEnquiry({ name: 'Peter', email: 'peter@example.co.ke', mobile: '722000111', comment: 'HACCP?' });
        storedOnlyByReference(enquiry, (stored) => assert.equal(stored.comment, 'HACCP?'));
        assert.equal(await count('enquiries'), before + 1);
      });

      it('bookEvent and requestCourseCall on the second base', async () => {
        const [event] = bookable(await client.getEvents());
        const booking = await client.bookEvent(client.bookingRequestFor(event!, contactDetails));
        storedOnlyByReference(booking, (stored) => assert.equal(stored.event.id, event!._id));
        const [booked] = await api.db.query<{ event: { id: string } }>('SELECT event FROM bookings ORDER BY created_at DESC LIMIT 1');
        assert.equal(booked!.event.id, event!._id);
        const [course] = await client.getCourses();
        const request = await client.requestCourseCall({
          contactDetails,
          course: { id: course!._id, title: course!.title, price: course!.price, duration: course!.duration },
        });
        storedOnlyByReference(request, (stored) => assert.equal(stored.course.id, course!._id));
        const [requested] = await api.db.query<{ course: { id: string } }>('SELECT course FROM course_requests ORDER BY created_at DESC LIMIT 1');
        assert.equal(requested!.course.id, course!._id);
      });

      it('subscribeToNewsletter, with the duplicate message', async () => {
        await client.subscribeToNewsletter({ email });
        await assert.rejects(client.subscribeToNewsletter({ email }), { status: 400, message: client.NEWSLETTER_ALREADY_SUBSCRIBED_MESSAGE });
      });
    });

    describe('customer journey', () => {
      it('register, resendOtp, verifyOtp, login, fetchUser', async () => {
        const registration = { firstname: 'Amina', lastname: 'Njoroge', email, mobile: '712345678', password };
        const { message, registrationToken } = await client.register(registration);
        assert.equal(message, client.REGISTRATION_MESSAGES.otpSent);
        assert.ok(registrationToken);
        await assert.rejects(client.resendOtp({ email }), { status: 400 });
        assert.equal((await client.resendOtp({ email }, registrationToken)).message, client.REGISTRATION_MESSAGES.otpResent);
        const otp = await api.latestOtp(email);
        await assert.rejects(client.verifyOtp({ email, otp }), { status: 400, message: 'Error verifying OTP' });
        const created = await client.verifyOtp({ email, otp }, registrationToken);
        assert.equal(created.message, client.REGISTRATION_MESSAGES.userCreated);
        // A known email is answered as a new one (the owner is mailed a notice).
        assert.equal((await client.register(registration)).message, client.REGISTRATION_MESSAGES.otpSent);
        await assert.rejects(client.login({ email, password: 'wrong-password' }), { status: 401, message: 'Invalid email or password' });
        const customer = await client.login({ email, password });
        assert.deepEqual(client.useSession.getState().customer, customer);
        assert.equal((await client.fetchUser()).email, email);
      });

      it('editUser, confirmEmailChange', async () => {
        const updated = await client.editUser({ firstname: 'Amina', lastname: 'Wairimu', email, mobile: '712345678' });
        assert.equal(updated.lastname, 'Wairimu');
        assert.equal(updated.pendingEmail, undefined);
        await assert.rejects(client.editUser({ firstname: 'Amina', lastname: 'Wairimu', email: `new.${email}`, mobile: '712345678' }), {
          status: 400,
          message: client.CURRENT_PASSWORD_REQUIRED_MESSAGE,
        });
        const moving = await client.editUser({
          firstname: 'Amina',
          lastname: 'Wairimu',
          email: `new.${email}`,
          mobile: '712345678',
          currentPassword: password,
        });
        // The current password is sent, never kept.
        assert.equal('currentPassword' in moving, false);
        assert.equal(JSON.stringify(client.useSession.getState().customer).includes(password), false);
        assert.equal(moving.email, email);
        assert.equal(moving.pendingEmail, `new.${email}`);
        const [mail] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [`new.${email}`]);
        const token = /confirm-email\/([\w-]+)/.exec(mail!.body)![1]!;
        assert.equal((await client.confirmEmailChange(token)).user.email, `new.${email}`);
        await assert.rejects(client.confirmEmailChange(token), { status: 400, message: 'This link is invalid or has expired' });
        // Back to the first address for the calls that follow.
        await client.editUser({ firstname: 'Amina', lastname: 'Wairimu', email, mobile: '712345678', currentPassword: password });
        const [back] = await api.db.query<{ body: string }>(
          "SELECT body FROM outbox WHERE to_email = $1 AND subject LIKE 'Confirm%' ORDER BY id DESC LIMIT 1",
          [email],
        );
        await client.confirmEmailChange(/confirm-email\/([\w-]+)/.exec(back!.body)![1]!);
      });

      it('saveAddress, getAddress', async () => {
        assert.equal(await client.getAddress(), null);
        // The phone as the one rule stores it (toKenyanPhone), on either API.
        const stored = { ...address, phoneNumber: '254712345678' };
        assert.deepEqual(await client.saveAddress(address), stored);
        assert.deepEqual(await client.getAddress(), stored);
      });

      it('toggleWishlist, getWishlist, getRecentlyViewed', async () => {
        const [course] = await client.getCourses();
        await client.toggleWishlist({ courseId: course!._id });
        assert.deepEqual(
          (await client.getWishlist()).map((c) => c._id),
          [course!._id],
        );
        await client.getCourse(course!._id);
        assert.deepEqual(
          (await client.getRecentlyViewed()).map((c) => c._id),
          [course!._id],
        );
      });

      it('addToCart, getCart, updateCartQuantity, removeFromCart, emptyCart', async () => {
        const [first, second] = await client.getCourses();
        await client.addToCart({ courseId: first!._id, quantity: 1 });
        const cart = await client.addToCart({ courseId: second!._id, quantity: 1 });
        assert.equal(client.useSession.getState().cartCount, 2);
        assert.deepEqual(await client.getCart(), cart);
        await client.updateCartQuantity(cart.items[0]!._id, 3);
        assert.equal(client.useSession.getState().cartCount, 4);
        const afterRemove = await client.removeFromCart(cart.items[1]!._id);
        assert.equal(afterRemove.items.length, 1);
        await assert.rejects(client.removeFromCart(cart.items[1]!._id), { status: 404, message: 'Something Went Wrong!' });
        assert.deepEqual(await client.emptyCart(), { items: [], totalPrice: 0 });
      });

      it('createOrder, getMyOrders, updateOrderStatus', async () => {
        await assert.rejects(client.createOrder({ shippingInfo: address }), { status: 400, message: 'Error creating order' });
        const [course] = await client.getCourses();
        await client.addToCart({ courseId: course!._id, quantity: 2 });
        const order = (await client.createOrder({ shippingInfo: address }))!;
        assert.equal(order.totalPrice, course!.price * 2);
        assert.equal(client.useSession.getState().cartCount, 0);
        assert.deepEqual(
          (await client.getMyOrders()).map((o) => o._id),
          [order._id],
        );
        storedOnlyByReference(await client.updateOrderStatus(order._id, { status: 'Cancelled' }), (updated) => assert.equal(updated.status, 'Cancelled'));
        assert.equal((await client.getMyOrders())[0]!.status, 'Cancelled');
      });

      it('logout ends the session on the server; the next call signs out locally', async () => {
        const customer = client.useSession.getState().customer;
        await client.logout();
        assert.equal(client.useSession.getState().customer, null);
        // The old token, kept by someone else, is refused from now on.
        client.useSession.setState({ customer });
        let expired: client.ApiError | null = null;
        const stop = client.onUnauthorized((error) => {
          expired = error;
        });
        await assert.rejects(client.getCart(), { status: 401, message: 'Error getting cart' });
        stop();
        assert.equal(client.useSession.getState().customer, null);
        assert.equal((expired as client.ApiError | null)?.message, client.SESSION_EXPIRED_MESSAGE);
      });

      it('requestPasswordReset, resetPassword', async () => {
        await client.requestPasswordReset({ email });
        const [mail] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
        const token = mail?.body.match(/reset-password\/([\w-]+)/)?.[1];
        assert.ok(token);
        await client.resetPassword(token, { password: 'Brand-new-pass-1' });
        await assert.rejects(client.resetPassword(token, { password: 'Brand-new-pass-2' }), { status: 400, message: 'Error resetting password' });
        assert.ok(client.tokenOf(await client.login({ email, password: 'Brand-new-pass-1' })));
      });

      it('changePassword, undoEmailChange, logoutEverywhere', async () => {
        await assert.rejects(client.changePassword({ currentPassword: 'not-the-password', password: 'Third-pass-2027' }), {
          status: 400,
          message: client.CURRENT_PASSWORD_WRONG_MESSAGE,
        });
        // A common new password is refused by the server, in its words (its list stays on the server).
        await assert.rejects(client.changePassword({ currentPassword: 'Brand-new-pass-1', password: 'baseball' }), {
          status: 400,
          message: client.COMMON_PASSWORD_MESSAGE,
        });
        await client.changePassword({ currentPassword: 'Brand-new-pass-1', password: 'Third-pass-2027' });
        assert.equal((await client.fetchUser()).email, email);

        await client.editUser({ firstname: 'Amina', lastname: 'Wairimu', email: `undo.${email}`, mobile: '712345678', currentPassword: 'Third-pass-2027' });
        const [notice] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
        const undo = /undo-email-change\/([\w-]+)/.exec(notice!.body)![1]!;
        assert.match(await client.undoEmailChange(undo), /every device was logged out/i);
        assert.equal(client.useSession.getState().customer, null);

        await client.login({ email, password: 'Third-pass-2027' });
        await client.logoutEverywhere();
        assert.equal(client.useSession.getState().customer, null);
      });
    });
  });
}
