import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bookingSchema, courseCallRequestRecordSchema, courseListSchema, courseSchema, eventListResponseSchema } from '@agri/api-client/contract';
import { staffBlogPostSchema, staffCourseSchema, staffEventSchema, type CourseDraft, type EventDraft } from '@agri/api-client/staff-contract';
import { startTestApi, type TestApi } from '../test-support';
import { addStaff, type TestStaff } from './staff-test-support';

let api: TestApi;
let staff: TestStaff;

const HOSTILE = [
  '<p>Learn <strong>HACCP</strong><script>alert(1)</script></p>',
  '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a>',
  '<p style="position:fixed">styled</p><form action="https://evil.test"><input name="password"></form>',
  '<iframe src="https://evil.test"></iframe><svg><script>alert(4)</script></svg>',
  '<a href="https://example.org/guide" target="_blank">guide</a>',
].join('');

const course: CourseDraft = {
  title: 'Cold Chain Management',
  objective: 'Keep perishables safe from farm to fork.',
  targetGroup: 'Logistics and quality staff',
  duration: '2 days',
  lecturer: 'Dr. Amina Njoroge',
  category: 'Food Safety',
  description: HOSTILE,
  whatYouWillEarn: ['<ul><li>Temperature mapping</li></ul><script>alert(5)</script>'],
  price: 38_000,
  lectures: 8,
  skillLevel: 'Intermediate',
  language: 'English',
  certificate: true,
};

const event: EventDraft = {
  title: 'Aflatoxin Control Forum',
  speaker: 'Prof. Otieno',
  description: '<p>Grain storage that keeps aflatoxin out.</p>',
  city: 'Kitale',
  venue: 'Kitale Club',
  startDate: '2030-03-04',
  startTime: '09:00',
  endDate: '2030-03-04',
  endTime: '16:00',
  price: 5_000,
  images: [{ url: 'https://images.example.org/maize.jpg' }],
  courseLength: 1,
  classDuration: 90,
};

const send = (method: string, path: string, body?: unknown) => api.call(method, `/api/staff${path}`, { token: staff.token, body });
const message = async (response: Response) => ((await response.json()) as { message: string }).message;

before(async () => {
  api = await startTestApi();
  staff = await addStaff(api);
});
after(() => api.close());

describe('publishing', () => {
  it("stores hostile HTML sanitised with the site's allow-list", async () => {
    const created = await send('POST', '/courses', course);
    assert.equal(created.status, 201, await created.clone().text());
    const { item } = staffCourseSchema.parse(await created.json());
    for (const stored of [item.description, item.whatYouWillEarn[0]!]) {
      assert.doesNotMatch(stored, /<script|onerror|javascript:|style=|<form|<input|<iframe|<svg/i);
    }
    assert.match(item.description, /<p>Learn <strong>HACCP<\/strong><\/p>/);
    assert.match(item.description, /<a href="https:\/\/example.org\/guide" target="_blank" rel="noopener noreferrer">guide<\/a>/);
    const [row] = await api.db.query<{ description: string }>('SELECT description FROM courses WHERE id = $1', [item._id]);
    assert.equal(row!.description, item.description, 'stored as answered');
    // And the public site serves it.
    assert.equal(courseSchema.parse(await (await api.call('GET', `/api/course/${item._id}`)).json()).title, course.title);
  });

  it('refuses what the contract refuses, with its messages', async () => {
    const cases: [unknown, string][] = [
      [{ ...course, title: ' ' }, 'Title is Required'],
      [{ ...course, price: -1 }, 'Price must be at least 0'],
      [{ ...course, price: 'free' }, 'Price must be a number'],
      [{ ...course, description: '' }, 'About the course is Required'],
    ];
    for (const [body, expected] of cases) {
      const response = await send('POST', '/courses', body);
      assert.equal(response.status, 400);
      assert.equal(await message(response), expected);
    }
    const badImage = await send('POST', '/events', { ...event, images: [{ url: 'javascript:alert(1)' }] });
    assert.equal(await message(badImage), 'Image URL must start with https:// or http://');
    const backwards = await send('POST', '/events', { ...event, endDate: '2030-03-03' });
    assert.equal(await message(backwards), 'The event must end after it starts');
  });

  it('a raised price shows on the course and is what a new call request stores', async () => {
    const [first] = courseListSchema.parse(await (await api.call('GET', '/api/course')).json());
    const { item } = staffCourseSchema.parse(await (await send('GET', `/courses/${first!._id}`)).json());
    const raised = item.price + 5_000;
    const { _id: _ignored, ...draft } = item;
    const edited = await send('PUT', `/courses/${item._id}`, { ...draft, price: raised });
    assert.equal(edited.status, 200, await edited.clone().text());
    assert.equal(courseSchema.parse(await (await api.call('GET', `/api/course/${item._id}`)).json()).price, raised);
    const request = courseCallRequestRecordSchema.parse(
      await (
        await api.call('POST', '/requests/course-request', {
          body: { contactDetails: { name: 'Njeri', email: 'njeri@example.co.ke', phone: '712000111' }, course: { id: item._id, price: item.price } },
        })
      ).json(),
    );
    assert.equal(request.course.price, raised);
    const [audit] = await api.db.query<{ before: { item: { price: number } }; after: { item: { price: number } }; staff_email: string }>(
      "SELECT before, after, staff_email FROM audit_log WHERE action = 'course edited' AND subject = $1",
      [`courses:${item._id}`],
    );
    assert.deepEqual([audit!.before.item.price, audit!.after.item.price, audit!.staff_email], [item.price, raised, staff.email]);
  });

  it('an unpublished event leaves the list, its page answers 404 and it cannot be booked; publishing brings it back', async () => {
    const { item } = staffEventSchema.parse(await (await send('POST', '/events', event)).json());
    const listed = async () => eventListResponseSchema.parse(await (await api.call('GET', '/api/event')).json()).data.some((e) => e._id === item._id);
    assert.equal(await listed(), true);
    assert.equal(staffEventSchema.parse(await (await send('PUT', `/events/${item._id}/published`, { published: false })).json()).published, false);
    assert.equal(await listed(), false);
    assert.equal((await api.call('GET', `/api/event/${item._id}`)).status, 404);
    const booking = await api.call('POST', '/requests/booking', {
      body: { contactDetails: { name: 'Juma', email: 'juma@example.co.ke', phone: '712000222' }, event: { id: item._id } },
    });
    assert.equal(booking.status, 404);
    // Staff still see it.
    assert.ok(((await (await send('GET', '/events')).json()) as { item: { _id: string } }[]).some((e) => e.item._id === item._id));
    await send('PUT', `/events/${item._id}/published`, { published: true });
    assert.equal(await listed(), true);
    const booked = bookingSchema.parse(
      await (
        await api.call('POST', '/requests/booking', {
          body: { contactDetails: { name: 'Juma', email: 'juma@example.co.ke', phone: '712000222' }, event: { id: item._id } },
        })
      ).json(),
    );
    assert.equal(booked.event.price, event.price);
  });

  it('deletes a course that is in a cart and on a wishlist, and a blog post', async () => {
    const { item } = staffCourseSchema.parse(await (await send('POST', '/courses', course)).json());
    const customer = await api.signUp('wishful@example.co.ke');
    await api.call('POST', '/api/user/cart', { token: customer.token, body: { courseId: item._id, quantity: 1 } });
    await api.call('PUT', '/api/user/wishlist', { token: customer.token, body: { courseId: item._id } });
    assert.equal((await send('DELETE', `/courses/${item._id}`)).status, 200);
    assert.equal((await api.call('GET', `/api/course/${item._id}`)).status, 404);
    assert.equal((await send('DELETE', `/courses/${item._id}`)).status, 404);

    const post = staffBlogPostSchema.parse(
      await (
        await send('POST', '/blog', {
          title: 'Drying maize right',
          description: '<p>Moisture below 13.5%.</p>',
          images: [{ url: '/static/blog/maize.svg' }],
          category: 'col-1',
        })
      ).json(),
    );
    assert.equal((await api.call('GET', `/api/blog/${post.item._id}`)).status, 200);
    assert.equal((await send('DELETE', `/blog/${post.item._id}`)).status, 200);
    assert.equal((await api.call('GET', `/api/blog/${post.item._id}`)).status, 404);
    const actions = (await api.db.query<{ action: string }>('SELECT action FROM audit_log')).map((row) => row.action);
    for (const action of ['course created', 'course deleted', 'blog post created', 'blog post deleted', 'event unpublished', 'event published']) {
      assert.ok(actions.includes(action), action);
    }
  });
});

describe('with API_DIALECT=hosted', () => {
  it('the public reads keep the hosted forms while the back office answers in our own', async () => {
    const hosted = await startTestApi({ API_DIALECT: 'hosted' });
    try {
      const member = await addStaff(hosted);
      const created = await hosted.call('POST', '/api/staff/courses', { token: member.token, body: course });
      const { item } = staffCourseSchema.parse(await created.json());
      assert.equal(typeof item.price, 'number');
      assert.match(item._id, /^[0-9a-f]{24}$/);
      const publicCourse = (await (await hosted.call('GET', `/api/course/${item._id}`)).json()) as { price: unknown; __v: unknown };
      assert.equal(publicCourse.price, String(course.price));
      assert.equal(publicCourse.__v, 0);
    } finally {
      await hosted.close();
    }
  });
});
