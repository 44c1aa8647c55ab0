import * as z from 'zod/mini';
import { blogPostSchema, type BlogPost } from '../contract';
import { bookingSchema, courseCallRequestRecordSchema } from '../contract';
import { courseSchema, type Course, type CourseSummary } from '../contract';
import { enquirySchema } from '../contract';
import { eventSchema, type Event } from '../contract';
import { shippingAddressSchema } from '../contract';
import { customerSchema } from '../contract';
import { storedCustomerSchema } from '../contract';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date relative to today, so 'upcoming' fixtures stay upcoming. */
const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const courses: Course[] = z.array(courseSchema).parse([
  {
    _id: 'course-haccp',
    title: 'HACCP Level 3 for Food Processors',
    objective: 'Design, implement and verify a HACCP plan for a food processing line.',
    targetGroup: 'Quality managers, production supervisors, food safety team leaders',
    duration: '3 days',
    lecturer: 'Dr. Wanjiru Kamau',
    category: 'Food Safety',
    description: '<p>A practical course on the <strong>seven HACCP principles</strong> applied to Kenyan processing plants.</p>',
    whatYouWillEarn: ['<ul><li>Conduct a hazard analysis</li><li>Set critical limits</li></ul>', 'Verification planning'],
    price: 45000,
    lectures: 12,
    skillLevel: 'Intermediate',
    language: 'English',
    certificate: true,
  },
  {
    _id: 'course-iso22000',
    title: 'ISO 22000:2018 Lead Implementer',
    objective: 'Lead the implementation of a food safety management system to ISO 22000:2018.',
    targetGroup: 'Food safety managers and consultants',
    duration: '5 days',
    lecturer: 'Eng. Otieno Ochieng',
    category: 'ISO Certification',
    description: '<p>From gap analysis to certification audit readiness.</p>',
    whatYouWillEarn: ['<p>Plan and run an FSMS project</p>'],
    price: 85000,
    lectures: 20,
    certificate: true,
  },
  {
    _id: 'course-market-access',
    title: 'Market Access for Agri-Food SMEs',
    objective: 'Meet buyer and export requirements for regional and EU markets.',
    targetGroup: 'SME owners, export managers',
    duration: '2 days',
    lecturer: 'Ms. Achieng Odhiambo',
    category: 'Market Access',
    description: '<p>Standards, certification and buyer requirements for supermarkets and export.</p>',
    whatYouWillEarn: ['<p>Build a market entry checklist</p>'],
    price: 30000,
    certificate: false,
  },
]);

const events: Event[] = z.array(eventSchema).parse([
  {
    _id: 'event-food-safety-forum',
    title: 'East Africa Food Safety Forum',
    speaker: 'Dr. Wanjiru Kamau',
    description: '<p>Regulators and processors on the new food safety rules.</p>',
    city: 'Nairobi',
    venue: 'Kenyatta International Convention Centre',
    startDate: daysFromNow(14),
    startTime: '09:00',
    endDate: daysFromNow(17),
    endTime: '16:30',
    price: 0,
    images: [{ url: '/static/events/forum.svg' }],
    courseLength: 4,
    classDuration: 90,
  },
  {
    _id: 'event-haccp-bootcamp',
    title: 'HACCP Bootcamp Mombasa',
    speaker: 'Eng. Otieno Ochieng',
    description: '<p>One intensive day on HACCP plans for seafood processors.</p>',
    city: 'Mombasa',
    venue: 'Sarova Whitesands',
    startDate: daysFromNow(30),
    startTime: '08:30',
    endDate: daysFromNow(30),
    endTime: '17:00',
    price: 15000,
    images: [{ url: '/static/events/bootcamp.svg' }],
    courseLength: 1,
    classDuration: 75,
  },
  {
    _id: 'event-dairy-quality',
    title: 'Dairy Quality Clinic',
    speaker: 'Ms. Achieng Odhiambo',
    description: '<p>Raw milk quality and cold chain for cooperatives.</p>',
    city: 'Nakuru',
    venue: 'Merica Hotel',
    startDate: daysFromNow(-40),
    startTime: '09:00',
    endDate: daysFromNow(-38),
    endTime: '16:00',
    price: 8000,
    images: [{ url: '/static/events/dairy.svg' }],
  },
]);

const blogs: BlogPost[] = z.array(blogPostSchema).parse([
  {
    _id: 'blog-aflatoxin',
    title: 'Controlling Aflatoxin in Maize Value Chains',
    description: '<p>Drying, storage and testing practices that keep maize within the 10 ppb limit.</p>',
    images: [{ url: '/static/blog/maize.svg' }],
    image: '/static/blog/maize.svg',
    category: 'col-1',
    createdAt: '2025-03-04T08:00:00.000Z',
  },
  {
    _id: 'blog-kebs',
    title: 'Getting the KEBS Standardisation Mark',
    description: '<p>The steps, documents and timelines for the S-Mark.</p>',
    images: [{ url: '/static/blog/standards.svg' }],
    category: 'col-1',
    createdAt: '2025-02-11T08:00:00.000Z',
  },
  {
    _id: 'blog-costing',
    title: 'Costing a New Juice Product',
    description: '<p>Unit costs, margins and break-even for a small processor.</p>',
    images: [{ url: '/static/blog/juice.svg' }],
    category: 'col-2',
    createdAt: '2025-01-20T08:00:00.000Z',
  },
  {
    _id: 'blog-export',
    title: 'Exporting Avocados to the EU',
    description: '<p>Maximum residue limits, GlobalG.A.P. and phytosanitary certificates.</p>',
    images: [{ url: '/static/blog/avocado.svg' }],
    category: 'col-2',
    createdAt: '2024-12-02T08:00:00.000Z',
  },
]);

const summary = ({ _id, title, price, duration, category }: Course): CourseSummary => ({
  _id,
  title,
  price,
  duration,
  category,
});

const customer = customerSchema.parse({
  _id: 'customer-1',
  firstname: 'Amina',
  lastname: 'Njoroge',
  email: 'amina.njoroge@example.co.ke',
  mobile: '712345678',
});

/** Test data, each parsed with its contract schema so it can never drift from it. */
export const fixtures = {
  courses,
  events,
  blogs,
  customer,
  /** The password the mock login accepts for `customer.email`. */
  password: 'Shamba2025!',
  /** Passwords the mock refuses as too common, as the API refuses the 10,000 most common (any letter case). */
  commonPasswords: ['12345678', 'password1', 'iloveyou'],
  /** The token the mock handlers accept. */
  token: 'test-token',
  /** What login stores: the customer with a token. */
  storedCustomer: storedCustomerSchema.parse({ ...customer, token: 'test-token' }),
  /** The code the mock verify-otp accepts. */
  otp: '123456',
  /** The link token the mock confirm-email accepts, and the email it moves the customer to. */
  emailChangeToken: 'email-change-token-from-the-mail',
  newEmail: 'wanjiku.new@shambafresh.co.ke',
  /** The token the mock register answers with; resend and verify-otp must send it back. */
  registrationToken: 'registration-token-of-this-browser',
  address: shippingAddressSchema.parse({
    firstName: 'Amina',
    lastName: 'Njoroge',
    county: 'Kenya',
    address: 'Moi Avenue, Kimathi House, 3rd floor',
    other: 'Suite 12',
    area: 'Nairobi CBD',
    phoneNumber: '712345678',
    additionalNumber: '',
  }),
  courseSummary: summary,
  enquiry: enquirySchema.parse({
    _id: 'enquiry-1',
    name: 'Peter Mwangi',
    email: 'peter.mwangi@example.co.ke',
    mobile: '722000111',
    comment: 'Do you offer HACCP training on site in Thika?',
    createdAt: '2025-03-01T09:30:00.000Z',
  }),
  booking: bookingSchema.parse({
    _id: 'booking-1',
    contactDetails: { name: 'Peter Mwangi', email: 'peter.mwangi@example.co.ke', phone: '722000111', contactMethod: 'WhatsApp' },
    event: {
      id: events[0]!._id,
      title: events[0]!.title,
      startDate: events[0]!.startDate,
      endDate: events[0]!.endDate,
      price: events[0]!.price,
      venue: events[0]!.venue,
      city: events[0]!.city,
    },
    createdAt: '2025-03-01T09:30:00.000Z',
  }),
  courseCallRequest: courseCallRequestRecordSchema.parse({
    _id: 'course-request-1',
    contactDetails: { name: 'Peter Mwangi', email: 'peter.mwangi@example.co.ke', phone: '722000111', contactMethod: 'Email' },
    course: { id: courses[0]!._id, title: courses[0]!.title, price: courses[0]!.price, duration: courses[0]!.duration },
    createdAt: '2025-03-01T09:30:00.000Z',
  }),
};
export type Fixtures = typeof fixtures;
