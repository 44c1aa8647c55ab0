import { errorResponse, networkFailure, startMockApi } from '@agri/api-client/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastArea } from '@agri/ui';
import { prepareToSend } from '@agri/api-client';
import { watchCall } from '../testing/watch-call';
import { ALREADY_REGISTERED_MESSAGE, NewsletterForm, SUBSCRIBED_MESSAGE } from './newsletter-form';

// Watched, the rest of the client as it is: the transport is asked for as the visitor types.
jest.mock('@agri/api-client', () => ({ ...jest.requireActual<object>('@agri/api-client'), prepareToSend: jest.fn() }));

const server = startMockApi();

function renderForm() {
  const user = userEvent.setup();
  render(
    <>
      <NewsletterForm />
      <ToastArea />
    </>,
  );
  return { user, input: screen.getByLabelText('Email address'), subscribe: screen.getByRole('button', { name: 'Subscribe' }) };
}

const message = () => screen.getByRole('form').querySelector('.newsletter__message')!;

describe('newsletter form', () => {
  it('is one required email field with a Subscribe button', () => {
    const { input } = renderForm();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
  });

  it('asks for the API client’s transport once the visitor types an address, not before', async () => {
    jest.mocked(prepareToSend).mockClear();
    const { user, input } = renderForm();
    expect(prepareToSend).not.toHaveBeenCalled();
    await user.type(input, 'w');
    expect(prepareToSend).toHaveBeenCalled();
  });

  it('sends nothing when the field is empty', async () => {
    const subscription = watchCall(server, 'post', 'user/subscribe/newsletter', { message: 'ok' });
    const { user, input, subscribe } = renderForm();
    await user.click(subscribe);
    await user.type(input, '   ');
    await user.click(subscribe);
    expect(subscription.made).toBe(false);
  });

  it('subscribes, thanks the visitor and clears the field', async () => {
    const { user, input, subscribe } = renderForm();
    await user.type(input, 'wanjiku@example.co.ke');
    await user.click(subscribe);
    await waitFor(() => expect(screen.getAllByText(SUBSCRIBED_MESSAGE)).toHaveLength(2));
    expect(input).toHaveValue('');
    expect(message()).toHaveClass('newsletter__message--success');
  });

  it('turns the already-subscribed answer into its own message, in red', async () => {
    const { user, input, subscribe } = renderForm();
    await user.type(input, 'wanjiku@example.co.ke');
    await user.click(subscribe);
    await screen.findAllByText(SUBSCRIBED_MESSAGE);

    await user.type(input, 'wanjiku@example.co.ke');
    await user.click(subscribe);
    await waitFor(() => expect(screen.getAllByText(ALREADY_REGISTERED_MESSAGE)).toHaveLength(2));
    expect(message()).toHaveClass('newsletter__message--error');
    expect(input).toHaveValue('');
    expect(input).toHaveAccessibleDescription(ALREADY_REGISTERED_MESSAGE);
  });

  it('shows the server’s message for other failures and keeps the address', async () => {
    server.use(errorResponse('post', 'user/subscribe/newsletter', { status: 503, message: 'Mailing list is under maintenance' }));
    const { user, input, subscribe } = renderForm();
    await user.type(input, 'wanjiku@example.co.ke');
    await user.click(subscribe);
    await waitFor(() => expect(screen.getAllByText('Mailing list is under maintenance')).toHaveLength(2));
    expect(message()).toHaveClass('newsletter__message--error');
    expect(input).toHaveValue('wanjiku@example.co.ke');
  });

  it('names the failure when the API cannot be reached', async () => {
    server.use(networkFailure('post', 'user/subscribe/newsletter'));
    const { user, input, subscribe } = renderForm();
    await user.type(input, 'wanjiku@example.co.ke');
    await user.click(subscribe);
    await waitFor(() => expect(screen.getAllByText('Error subscribing to newsletter')).toHaveLength(2));
    expect(input).toHaveValue('wanjiku@example.co.ke');
  });
});
