import { getBlogs } from '@agri/api-client';
import { business, pageHead } from '@agri/ui';
import { collectionRoutes, type PageRoute } from '@agri/ui/federation';
import { useBlogStore, useBlogsStore } from './features/blog/blog-store';

/**
 * The content remote's pages; the shell mounts them in the site frame. All are public, so all are prerendered, as
 * documents with islands.
 */
export const routes: PageRoute[] = [
  {
    path: '/',
    head: {
      title: `${business.name} | Agri-Food Training & Consultancy in Kenya`,
      description: 'Expert agri-food training and consultancy in Kenya: ISO 22000, HACCP, food safety, product development, market access and compliance.',
      keywords: 'agri-food training Kenya, food safety consultancy, ISO 22000, HACCP, market access',
    },
    load: () => import('./pages/home/home-page'),
    prerender: true,
  },
  {
    path: '/about',
    head: pageHead(
      'About Us',
      'Meet Mavuno Agri-Food Consultants: food technologists, lead auditors and business advisers training and supporting Kenyan food businesses.',
      'about Mavuno Agri-Food, food safety consultants Kenya, agribusiness advisers Nairobi',
    ),
    load: () => import('./pages/about/about-page'),
    prerender: true,
  },
  ...collectionRoutes({
    list: {
      path: '/blogs',
      head: pageHead(
        'Blog',
        'Articles on food safety, certification, product development, market access and agribusiness in Kenya.',
        'food safety blog Kenya, HACCP tips, ISO 22000 guidance, agribusiness articles',
      ),
      load: () => import('./pages/blogs/blogs-page'),
      area: useBlogsStore,
    },
    item: {
      path: '/blog',
      showsList: true,
      head: pageHead('Blog', 'An article from the Mavuno Agri-Food Consultants blog.', 'agri-food blog Kenya, food safety, certification'),
      load: () => import('./pages/blog-post/blog-post-page'),
      area: useBlogStore,
    },
    items: getBlogs,
  }),
  {
    path: '/faqs',
    head: pageHead(
      'FAQ',
      'Answers about course materials, certificates, order tracking, in-house training and prices.',
      'training FAQ, course certificate delivery, course materials Kenya',
    ),
    load: () => import('./pages/faqs/faqs-page'),
    prerender: true,
  },
  {
    path: '/contact',
    head: pageHead(
      'Contact Us',
      'Call, email or visit Mavuno Agri-Food Consultants in Nairobi, or send us a message. Open Monday to Saturday, 10 AM to 8 PM.',
      'contact Mavuno Agri-Food, food safety consultant Nairobi, training enquiry',
    ),
    load: () => import('./pages/contact/contact-page'),
    prerender: true,
  },
  {
    path: '/privacy-policy',
    head: pageHead(
      'Privacy Policy',
      'How Mavuno Agri-Food Consultants collects, uses and protects your personal data under the Data Protection Act, 2019.',
      'privacy policy, data protection Kenya, personal data',
    ),
    load: () => import('./pages/legal/privacy-policy-page'),
    prerender: true,
  },
  {
    path: '/term-conditions',
    head: pageHead(
      'Terms and Conditions',
      'The terms that apply to bookings of training, events, consultancy and course materials from Mavuno Agri-Food Consultants.',
      'terms and conditions, training booking terms, Mavuno Agri-Food',
    ),
    load: () => import('./pages/legal/terms-page'),
    prerender: true,
  },
];
