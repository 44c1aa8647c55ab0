import * as z from 'zod/mini';
import { addressAnswerSchema } from '../contract';
import { courseSchema } from '../contract';
import { eventSchema } from '../contract';
import { orderSchema } from '../contract';
import {
  eastAfricaTime,
  kenyanClock,
  kenyanDate,
  formatPhone,
  kenyanPhoneSchema,
  phoneForField,
  toKenyanPhone,
  instantSchema,
  isCalendarDate,
  kenyanDateSchema,
  kenyanTimeSchema,
  listOf,
  numberSchema,
  readAnswer,
  serverIdSchema,
} from '../contract';
import { fixtures } from '../testing';

const OBJECT_ID = '6650f1c2a9b8e4d3c2b1a098';

describe('phone numbers: one rule, one way to show them', () => {
  it('takes a Kenyan mobile number however it is typed, stores it 254…, and shows it +254 712 345 678 everywhere', () => {
    const typed = ['0712345678', '712345678', '712 345 678', '0712-345-678', '+254 712 345 678', '254712345678', '(0712) 345678', ' +254712345678 '];
    expect(typed.map(toKenyanPhone)).toEqual(Array(typed.length).fill('254712345678'));
    expect(toKenyanPhone('0110 123 456')).toBe('254110123456');
    expect(['', '0812345678', '12345', '+44 7700 900123', '07123456789', 'seven'].map(toKenyanPhone)).toEqual(Array(6).fill(null));
    expect(typed.map(formatPhone)).toEqual(Array(typed.length).fill('+254 712 345 678'));
    // A number another server stored in another form is shown as it came.
    expect(formatPhone('+44 7700 900123')).toBe('+44 7700 900123');
    expect(phoneForField('254712345678')).toBe('712 345 678');
    const field = kenyanPhoneSchema('Mobile No is Required');
    expect(field.parse(' 0712 345 678 ')).toBe('254712345678');
    expect(field.safeParse('').error?.issues[0]?.message).toBe('Mobile No is Required');
    expect(field.safeParse('0812345678').error?.issues[0]?.message).toBe('Enter a Kenyan mobile number, such as 0712 345 678');
  });
});

describe('dates', () => {
  it('names a day of the calendar only (staff filters), and writes a moment as Kenya’s clock shows it', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-31', '2026-13-01', '0000-00-00', '2026-1-1', '2026-02-29', ' 2026-02-28'].map(isCalendarDate)).toEqual(Array(6).fill(false));
    expect(eastAfricaTime(new Date('2026-11-27T21:30:00Z'))).toBe('2026-11-28 00:30 EAT');
    // Past 21:00 UTC it is already tomorrow in Kenya.
    expect(kenyanDate(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
    expect(kenyanDate(new Date('2026-12-31T20:59:59Z'))).toBe('2026-12-31');
    expect(kenyanClock(new Date('2026-11-27T09:05:00.250Z'))).toBe('2026-11-27T12:05:00.250');
  });

  it('reads a date, an ISO date-time in any zone, epoch ms and MongoDB $date as the Kenyan date', () => {
    expect(kenyanDateSchema.parse('2030-03-30')).toEqual({ date: '2030-03-30', time: null });
    // 21:30 UTC is half past midnight the next day in Nairobi.
    expect(kenyanDateSchema.parse('2030-03-30T21:30:00.000Z')).toEqual({ date: '2030-03-31', time: '00:30' });
    expect(kenyanDateSchema.parse('2030-03-30T09:00:00+03:00')).toEqual({ date: '2030-03-30', time: '09:00' });
    const epoch = Date.parse('2030-03-30T06:00:00Z');
    expect(kenyanDateSchema.parse(epoch)).toEqual({ date: '2030-03-30', time: '09:00' });
    expect(kenyanDateSchema.parse(String(epoch))).toEqual({ date: '2030-03-30', time: '09:00' });
    expect(kenyanDateSchema.parse({ $date: '2030-03-30T06:00:00Z' })).toEqual({ date: '2030-03-30', time: '09:00' });
    expect(kenyanDateSchema.parse({ $date: { $numberLong: String(epoch) } })).toEqual({ date: '2030-03-30', time: '09:00' });
  });

  it('refuses what is not a date', () => {
    for (const bad of ['2030-02-30', '30/03/2030', 'soon', '', null, true, { when: 'then' }]) {
      expect(kenyanDateSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('normalises a moment (createdAt) to UTC ISO; a bare date is Kenyan midnight', () => {
    expect(instantSchema.parse('2030-03-30T09:00:00+03:00')).toBe('2030-03-30T06:00:00.000Z');
    expect(instantSchema.parse(Date.parse('2030-03-30T06:00:00Z'))).toBe('2030-03-30T06:00:00.000Z');
    expect(instantSchema.parse('2030-03-30')).toBe('2030-03-29T21:00:00.000Z');
    expect(instantSchema.safeParse('yesterday').success).toBe(false);
  });

  it('reads a time of day in 24 or 12 hour form', () => {
    expect(kenyanTimeSchema.parse('09:00')).toBe('09:00');
    expect(kenyanTimeSchema.parse('9:05')).toBe('09:05');
    expect(kenyanTimeSchema.parse('18:30:00')).toBe('18:30');
    expect(kenyanTimeSchema.parse('9:00 AM')).toBe('09:00');
    expect(kenyanTimeSchema.parse('12:15 pm')).toBe('12:15');
    expect(kenyanTimeSchema.parse('12:00 AM')).toBe('00:00');
    for (const bad of ['25:00', '13:00 PM', '9', 'noon']) expect(kenyanTimeSchema.safeParse(bad).success).toBe(false);
  });
});

describe('numbers and ids', () => {
  it('reads numbers sent as numbers, numeric strings or MongoDB wrappers', () => {
    expect(numberSchema.parse(45000)).toBe(45000);
    expect(numberSchema.parse(' 45000 ')).toBe(45000);
    expect(numberSchema.parse('1500.50')).toBe(1500.5);
    expect(numberSchema.parse({ $numberDecimal: '1500.50' })).toBe(1500.5);
    expect(numberSchema.parse({ $numberInt: '12' })).toBe(12);
    for (const bad of ['', 'KES 4,500', '1e3', null, true]) expect(numberSchema.safeParse(bad).success).toBe(false);
  });

  it('reads ids as strings and refuses any that are not safe in a URL path', () => {
    expect(serverIdSchema.parse(OBJECT_ID)).toBe(OBJECT_ID);
    expect(serverIdSchema.parse({ $oid: OBJECT_ID })).toBe(OBJECT_ID);
    expect(serverIdSchema.parse(42)).toBe('42');
    for (const bad of ['../admin', 'a b', '', 1.5]) expect(serverIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe('a MongoDB-style document', () => {
  const [course] = fixtures.courses;
  const [event] = fixtures.events;

  it('an event with date-times, a numeric-string price, nulls, extra fields and no times reads as our event', () => {
    const hosted = {
      _id: { $oid: OBJECT_ID },
      title: event!.title,
      speaker: event!.speaker,
      description: event!.description,
      city: null,
      venue: 'KICC',
      startDate: '2030-03-30T06:00:00.000Z',
      endDate: '2030-03-31T13:30:00.000Z',
      price: '1500',
      images: ['https://cdn.example.com/forum.jpg', { url: '' }],
      courseLength: null,
      classDuration: '90',
      __v: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readAnswer('GET event/x', eventSchema, hosted).data).toEqual({
      _id: OBJECT_ID,
      title: event!.title,
      speaker: event!.speaker,
      description: event!.description,
      city: undefined,
      venue: 'KICC',
      startDate: '2030-03-30',
      startTime: '09:00',
      endDate: '2030-03-31',
      endTime: '16:30',
      price: 1500,
      images: [{ url: 'https://cdn.example.com/forum.jpg' }],
      courseLength: undefined,
      classDuration: 90,
    });
    // The empty image was dropped, and said so.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('GET event/x: dropped entry #1, field "url"'));
    warn.mockRestore();
  });

  it('an explicit time wins over the time of a date-time', () => {
    const parsed = eventSchema.parse({ ...event, startDate: '2030-03-30T00:00:00.000Z', startTime: '10:00 AM' });
    expect(parsed).toMatchObject({ startDate: '2030-03-30', startTime: '10:00' });
  });

  it('an event with a date only and no time is refused, naming the field', () => {
    const { startTime: _missing, ...withoutTime } = event!;
    const result = eventSchema.safeParse(withoutTime);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['startTime']);
  });

  it('a course with string numbers and flags reads as our course', () => {
    const parsed = courseSchema.parse({ ...course, _id: OBJECT_ID, price: '45000', lectures: '12', certificate: 'true', skillLevel: null, language: '' });
    expect(parsed).toMatchObject({ _id: OBJECT_ID, price: 45000, lectures: 12, certificate: true, skillLevel: undefined, language: undefined });
  });

  it('reads when a course, an event or a post last changed, and drops an unreadable date rather than the thing', () => {
    const course = fixtures.courses[0]!;
    expect(courseSchema.parse({ ...course, updatedAt: { $date: '2026-11-20T07:00:00Z' } }).updatedAt).toBe('2026-11-20T07:00:00.000Z');
    expect(courseSchema.parse({ ...course, updatedAt: Date.parse('2026-11-20T07:00:00Z') }).updatedAt).toBe('2026-11-20T07:00:00.000Z');
    const unreadable = courseSchema.parse({ ...course, updatedAt: 'last Tuesday' });
    expect(unreadable.updatedAt).toBeUndefined();
    expect(unreadable.title).toBe(course.title);
    expect(eventSchema.parse({ ...fixtures.events[0]!, updatedAt: '2026-11-20T10:00:00+03:00' }).updatedAt).toBe('2026-11-20T07:00:00.000Z');
  });

  it('an order spells its status in any case', () => {
    const order = { _id: OBJECT_ID, items: [], totalPrice: '0', status: 'cancelled', createdAt: Date.now() };
    expect(orderSchema.parse(order).status).toBe('Cancelled');
  });
});

describe('listOf: one bad entry costs one entry', () => {
  const people = listOf(z.object({ _id: serverIdSchema, name: z.string() }));
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('keeps the valid entries in order and reports each dropped one with the call and the field', () => {
    const answer = [{ _id: 'a', name: 'Amina' }, { _id: 'b', name: 7 }, 'junk', { _id: 'c', name: 'Baraka' }];
    expect(readAnswer('GET people', people, answer).data).toEqual([
      { _id: 'a', name: 'Amina' },
      { _id: 'c', name: 'Baraka' },
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenNthCalledWith(1, expect.stringMatching(/^GET people: dropped entry b, field "name": /));
    expect(warn).toHaveBeenNthCalledWith(2, expect.stringMatching(/^GET people: dropped entry #2, field "\(the entry itself\)": /));
  });

  it('reports a dropped entry once, however often the list is read again', () => {
    const answer = [{ _id: 'once', name: null }];
    readAnswer('GET once', people, answer);
    readAnswer('GET once', people, answer);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reads a { data: [...] } envelope as its list, and still refuses what is no list at all', () => {
    expect(people.parse({ data: [{ _id: 'a', name: 'Amina' }] })).toEqual([{ _id: 'a', name: 'Amina' }]);
    expect(people.safeParse({ people: [] }).success).toBe(false);
    expect(people.safeParse(null).success).toBe(false);
  });
});

describe('the saved address', () => {
  const { address } = fixtures;
  const read = (answer: unknown) => addressAnswerSchema.parse(answer);

  it('reads an object, in an envelope or bare', () => {
    expect(read({ address })).toEqual({ ...address, other: address.other ?? '', additionalNumber: address.additionalNumber ?? '' });
    expect(read(address)).toMatchObject(address);
  });

  it('reads nothing as no address: null, [], {} and { address: null }', () => {
    for (const none of [null, [], {}, { address: null }, { address: [] }, undefined]) expect(read(none)).toBeNull();
  });

  it('reads a list as its most recent entry: the latest date, else the last', () => {
    const older = { ...address, area: 'Thika', updatedAt: '2026-01-01T00:00:00Z' };
    const newer = { ...address, area: 'Westlands', updatedAt: '2026-06-01T00:00:00Z' };
    expect(read([newer, older])?.area).toBe('Westlands');
    expect(
      read({
        address: [
          { ...address, area: 'Thika' },
          { ...address, area: 'Kisumu' },
        ],
      })?.area,
    ).toBe('Kisumu');
  });

  it("reads the profile page's names (region, town, phone) and phone numbers in any form", () => {
    const profileNamed = {
      firstName: 'Amina',
      lastName: 'Njoroge',
      region: 'Kenya',
      address: 'Moi Avenue 12',
      town: 'Nakuru',
      phone: '+254 712 345 678',
      additionalNumber: 254722000111,
    };
    expect(read([profileNamed])).toEqual({
      firstName: 'Amina',
      lastName: 'Njoroge',
      county: 'Kenya',
      address: 'Moi Avenue 12',
      other: '',
      area: 'Nakuru',
      phoneNumber: '254712345678',
      additionalNumber: '254722000111',
    });
  });

  it('refuses an answer that holds no address at all', () => {
    expect(addressAnswerSchema.safeParse({ unexpected: true }).success).toBe(false);
    expect(addressAnswerSchema.safeParse('Moi Avenue').success).toBe(false);
  });
});

describe('the shilling format', () => {
  it('is made when a price is first shown, not when a page loads (it costs a slow phone about 80 ms)', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const format = require('../contract/common') as typeof import('../contract/common');
        expect(made).not.toHaveBeenCalled();
        expect(format.formatKes(1250.5)).toBe('KES 1,250.5');
        expect(format.formatKes(30)).toBe('KES 30');
        expect(made).toHaveBeenCalledTimes(1);
      });
    } finally {
      made.mockRestore();
    }
  });
});
