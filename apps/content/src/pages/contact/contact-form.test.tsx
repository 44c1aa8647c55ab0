import { apiUrl, errorResponse, fixtures, startMockApi } from '@agri/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expectMessages, renderPage, submitForm } from '@agri/ui/testing';
import { ContactForm } from './contact-form';
import { useEnquiryStore } from './enquiry-store';

const server = startMockApi();
afterEach(() => useEnquiryStore.getState().reset());

const field = (name: string) => screen.getByLabelText(name);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Peter Mwangi');
  await user.type(field('Email'), 'peter.mwangi@example.co.ke');
  await user.type(field('Mobile Number'), '722000111');
  await user.type(field('Comments'), 'Do you offer HACCP training on site in Thika?');
}

/** Renders the form, fills it in and sends it. */
async function sendFilledIn() {
  const user = userEvent.setup();
  renderPage(<ContactForm />);
  await fillIn(user);
  await submitForm(user, 'Submit');
}

/** A failure: an error toast saying `message`, and the form kept as typed. */
async function expectErrorKeepingTheForm(message: string) {
  const toast = await screen.findByText(message);
  expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  expect(field('Comments')).toHaveValue('Do you offer HACCP training on site in Thika?');
}

describe('contact form', () => {
  it('shows no error until a field is touched, then each field’s message, linked to its input', async () => {
    const user = userEvent.setup();
    renderPage(<ContactForm />);
    expect(screen.queryByText('Name is Required')).not.toBeInTheDocument();

    await user.click(field('Name'));
    expect(screen.queryByText('Name is Required')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Name is Required');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Email is Required')).not.toBeInTheDocument();

    await user.tab();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Mobile Number is Required.')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Comment is Required.')).toBeInTheDocument();
  });

  it('says an email is not valid', async () => {
    const user = userEvent.setup();
    renderPage(<ContactForm />);
    await user.type(field('Email'), 'peter@');
    await user.tab();
    expect(await screen.findByText('Email should be valid.')).toBeInTheDocument();
  });

  it('shows every message and sends nothing when submitted empty', async () => {
    let sent = false;
    server.use(
      http.post(apiUrl('enquiry'), () => {
        sent = true;
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderPage(<ContactForm />);
    await submitForm(user, 'Submit');
    await expectMessages('Name is Required', 'Email is Required', 'Mobile Number is Required.', 'Comment is Required.');
    expect(sent).toBe(false);
  });

  it('sends the enquiry, confirms it and clears the form', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('enquiry'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...fixtures.enquiry });
      }),
    );
    await sendFilledIn();

    expect(await screen.findByText('Contact Form Submitted Successfully')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Peter Mwangi',
      email: 'peter.mwangi@example.co.ke',
      // As the one phone rule sends a number (toKenyanPhone).
      mobile: '254722000111',
      comment: 'Do you offer HACCP training on site in Thika?',
    });
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Email')).toHaveValue('');
    expect(field('Mobile Number')).toHaveValue('');
    expect(field('Comments')).toHaveValue('');
    expect(screen.queryByText('Name is Required')).not.toBeInTheDocument();
    expect(useEnquiryStore.getState().isSuccess).toBe(true);
  });

  it('shows an error toast on failure and keeps what was typed', async () => {
    server.use(errorResponse('post', 'enquiry', { status: 500, message: 'Database down' }));
    await sendFilledIn();

    await expectErrorKeepingTheForm('Something Went wrong !');
    expect(field('Name')).toHaveValue('Peter Mwangi');
    expect(useEnquiryStore.getState().isError).toBe(true);
  });

  it('says when to try again when the API limits enquiries (429), and keeps what was typed', async () => {
    server.use(errorResponse('post', 'enquiry', { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' }));
    await sendFilledIn();

    await expectErrorKeepingTheForm('Too many attempts. Please wait a few minutes and try again.');
  });
});
