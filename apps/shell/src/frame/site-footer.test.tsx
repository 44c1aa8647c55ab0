import { setupApiForTests } from '@agri/api-client/testing';
import { business } from '@agri/ui';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SiteFooter } from './site-footer';

beforeAll(() => setupApiForTests());

describe('site footer', () => {
  it('has the newsletter, quick links, services, contact details, hours and copyright', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    const quickLinks = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quickLinks)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['About Us', '/about'],
      ['Courses', '/courses'],
      ['FAQ', '/faqs'],
      ['Contact Us', '/contact'],
    ]);
    const services = screen.getByRole('region', { name: 'Our Services' });
    expect(within(services).getAllByRole('listitem')).toHaveLength(business.services.length);
    expect(screen.getByText(business.address)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: business.phone })).toHaveAttribute('href', business.phoneHref);
    expect(screen.getByRole('link', { name: business.email })).toHaveAttribute('href', `mailto:${business.email}`);
    expect(screen.getByText('Monday to Saturday, 10 AM to 8 PM')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} ${business.name}`))).toBeInTheDocument();
  });
});
