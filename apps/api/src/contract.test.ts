import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import * as client from '@agri/api-client';
import { startTestApi, type TestApi } from './test-support';

// The real client functions against the real server over HTTP: client and server cannot drift.
let api: TestApi;
let server: ServerType;
const email = 'contract.customer@example.co.ke';
const password = 'Contract-pass-2025';
const address: client.ShippingAddress = {
  firstName: 'Amina', lastName: 'Njoroge', county: client.KENYA, address: 'Moi Avenue 12', other: 'Suite 4',
  area: 'Nairobi CBD', phoneNumber: '712345678', additionalNumber: '',
};
const contactDetails = { name: 'Amina Njoroge', email, phone: '712345678', contactMethod: 'Email' as const };

before(async () => {
  api = await startTestApi();
  server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  client.configureApi({
    apiBaseUrl: `http://127.0.0.1:${port}/api/`,
    requestsApiBaseUrl: `http://127.0.0.1:${port}/requests/`,
    chatNumber: '254700000000',
  });
});
after(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

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
    const enquiry = await client.sendEnquiry({ name: 'Peter', email: 'peter@example.co.ke', mobile: '722000111', comment: 'HACCP?' });
    assert.equal(enquiry.comment, 'HACCP?');
  });

  it('bookEvent and requestCourseCall on the second base', async () => {
    const [event] = await client.getEvents();
    const booking = await client.bookEvent({
      contactDetails,
      event: { id: event!._id, title: event!.title, startDate: event!.startDate, endDate: event!.endDate, price: event!.price, venue: event!.venue ?? 'Venue TBD', city: event!.city ?? 'City TBD' },
    });
    assert.equal(booking.event.id, event!._id);
    const [course] = await client.getCourses();
    const request = await client.requestCourseCall({
      contactDetails,
      course: { id: course!._id, title: course!.title, price: course!.price, duration: course!.duration },
    });
    assert.equal(request.course.id, course!._id);
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
    assert.equal(message, client.OTP_SENT_MESSAGE);
    assert.ok(registrationToken);
    await assert.rejects(client.resendOtp({ email }), { status: 400 });
    assert.equal((await client.resendOtp({ email }, registrationToken)).message, client.OTP_RESENT_MESSAGE);
    const otp = await api.latestOtp(email);
    await assert.rejects(client.verifyOtp({ email, otp }), { status: 400, message: 'Error verifying OTP' });
    const created = await client.verifyOtp({ email, otp }, registrationToken);
    assert.equal(created.message, client.USER_CREATED_MESSAGE);
    // A known email is answered as a new one (the owner is mailed a notice).
    assert.equal((await client.register(registration)).message, client.OTP_SENT_MESSAGE);
    await assert.rejects(client.login({ email, password: 'wrong-password' }), { status: 401, message: 'Invalid email or password' });
    const customer = await client.login({ email, password });
    client.useSession.getState().signIn(customer);
    assert.equal((await client.fetchUser()).email, email);
  });

  it('editUser, confirmEmailChange', async () => {
    const updated = await client.editUser({ firstname: 'Amina', lastname: 'Wairimu', email, mobile: '712345678' });
    assert.equal(updated.lastname, 'Wairimu');
    assert.equal(updated.pendingEmail, undefined);
    const moving = await client.editUser({ firstname: 'Amina', lastname: 'Wairimu', email: `new.${email}`, mobile: '712345678' });
    assert.equal(moving.email, email);
    assert.equal(moving.pendingEmail, `new.${email}`);
    const [mail] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [`new.${email}`]);
    const token = /confirm-email\/([\w-]+)/.exec(mail!.body)![1]!;
    assert.equal((await client.confirmEmailChange(token)).user.email, `new.${email}`);
    await assert.rejects(client.confirmEmailChange(token), { status: 400, message: 'This link is invalid or has expired' });
    // Back to the first address for the calls that follow.
    await client.editUser({ firstname: 'Amina', lastname: 'Wairimu', email, mobile: '712345678' });
    const [back] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE to_email = $1 ORDER BY id DESC LIMIT 1', [email]);
    await client.confirmEmailChange(/confirm-email\/([\w-]+)/.exec(back!.body)![1]!);
  });

  it('saveAddress, getAddress', async () => {
    assert.equal(await client.getAddress(), null);
    assert.deepEqual((await client.saveAddress(address)).address, address);
    assert.deepEqual(await client.getAddress(), address);
  });

  it('toggleWishlist, getWishlist, getRecentlyViewed', async () => {
    const [course] = await client.getCourses();
    await client.toggleWishlist({ courseId: course!._id });
    assert.deepEqual((await client.getWishlist()).map((c) => c._id), [course!._id]);
    await client.getCourse(course!._id);
    assert.deepEqual((await client.getRecentlyViewed()).map((c) => c._id), [course!._id]);
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
    const order = await client.createOrder({ shippingInfo: address });
    assert.equal(order.totalPrice, course!.price * 2);
    assert.equal(client.useSession.getState().cartCount, 0);
    assert.deepEqual((await client.getMyOrders()).map((o) => o._id), [order._id]);
    assert.equal((await client.updateOrderStatus(order._id, { status: 'Cancelled' })).status, 'Cancelled');
  });

  it('logout ends the session on the server; the next call signs out locally', async () => {
    await client.logout();
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
});
