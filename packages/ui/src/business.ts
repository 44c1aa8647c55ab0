/** The business's public contact details: one source for the frame and every page. */
export const business = {
  name: 'Mavuno Agri-Food Consultants',
  shortName: 'Mavuno Agri-Food',
  tagline: 'Quality and Safety is Our Business',
  email: 'info@mavunoagrifood.co.ke',
  phone: '+254 722 000 000',
  phoneHref: 'tel:+254722000000',
  address: 'Westlands Business Park, 3rd Floor, Chiromo Road, Nairobi, Kenya',
  street: 'Westlands Business Park, 3rd Floor, Chiromo Road',
  city: 'Nairobi',
  hours: 'Monday to Saturday, 10 AM to 8 PM',
  /** The opening hours of `hours`, as a 24-hour clock reads them (structured data). */
  opens: '10:00',
  closes: '20:00',
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { label: 'X', href: 'https://x.com/' },
    { label: 'YouTube', href: 'https://www.youtube.com/' },
  ],
  services: [
    'ISO Certification Training',
    'Food Safety Consultancy',
    'Product Design & Development',
    'Market Access',
    'Business Modelling',
    'Financial Management & Accounting',
    'Regulatory Compliance',
  ],
} as const;

/** A page's title: its own name, then the site's. */
export const pageTitle = (title: string): string => `${title} | ${business.name}`;

/** A route's head tags, titled with `pageTitle`. */
export const pageHead = (title: string, description: string, keywords: string) => ({ title: pageTitle(title), description, keywords });
