import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@agri/ui/testing';
import FaqsPage from '../faqs/faqs-page';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsPage from './terms-page';

describe('static pages', () => {
  it('gives the terms in the nine sections of the spec', () => {
    renderPage(<TermsPage />);
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual([
      '1. Introduction',
      '2. Waiver',
      '3. Severability',
      '4. Variation',
      '5. Errors and Omissions',
      '6. Pricing and Availability',
      '7. Images',
      '8. Applicable Law',
      '9. Company Details',
    ]);
    expect(screen.getByText(/include Value Added Tax at 16%/)).toBeInTheDocument();
  });

  it.each([
    ['terms', TermsPage],
    ['privacy policy', PrivacyPolicyPage],
    ['FAQ', FaqsPage],
  ])('the %s page is written for this business, with no furniture left over', (_name, Page) => {
    const { container } = renderPage(<Page />);
    expect(container.textContent).not.toMatch(/furniture|sofa|chair/i);
    expect(container.textContent).toMatch(/Mavuno|course/i);
  });

  it('answers the spec’s FAQ topics for course materials and certificates', async () => {
    renderPage(<FaqsPage />);
    await userEvent.click(screen.getByText('How long does it take to receive my course materials and certificate?'));
    expect(screen.getByText(/within 2-3 business days after your purchase is confirmed/)).toBeVisible();
    expect(screen.getByText('Who delivers my course materials and certificates?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByText(/Show an ID whose name matches the name on the invoice/)).toBeInTheDocument();
  });
});
