import { apiUrl, delayedResponse } from '@agri/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderCatalog, server } from './render-catalog';

type User = ReturnType<typeof userEvent.setup>;

/** One of the catalog's request dialogs (the booking, the call request), as its tests reach it. */
export interface RequestDialogUnderTest {
  /** The page it opens from: `/event/<id>`. */
  page: string;
  /** What the visitor types in the contact details form (and the contact method chosen, if any). */
  visitor: { name: string; email: string; phone: string; contactMethod?: string };
  /** The button that opens it ('Book Event') and the dialog's accessible name ('Book this event'). */
  opens: { button: string; dialog: string };
  /** Its send button ('Confirm Booking'), the call it makes on the requests API ('booking/'), the confirmation's heading. */
  sends: { button: string; to: string; received: string };
}

/**
 * Both request dialogs are RequestDialog with their own texts and request, so their tests open, fill in and send
 * them the same way (the same contact details form): `open`, `fillIn`, `send`, and `openAndSend` for the tests
 * about what happens once sent.
 */
export function requestDialogTesting(under: RequestDialogUnderTest) {
  const open = async () => {
    const user = userEvent.setup();
    renderCatalog(under.page);
    const opener = await screen.findByRole('button', { name: under.opens.button });
    await user.click(opener);
    // The dialog's code arrives when it is first opened.
    return { user, opener, dialog: await screen.findByRole('dialog', { name: under.opens.dialog }) };
  };
  /** Types the visitor's details. */
  const fillIn = async (user: User, dialog: HTMLElement) => {
    const { name, email, phone, contactMethod } = under.visitor;
    await user.type(within(dialog).getByLabelText('Full name'), name);
    await user.type(within(dialog).getByLabelText('Email'), email);
    await user.type(within(dialog).getByLabelText('Phone number'), phone);
    if (contactMethod) await user.selectOptions(within(dialog).getByLabelText(/Preferred contact method/), contactMethod);
  };
  const send = (user: User, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: under.sends.button }));
  const openAndSend = async () => {
    const opened = await open();
    await fillIn(opened.user, opened.dialog);
    await send(opened.user, opened.dialog);
    return opened;
  };
  /** Answers the dialog's call with `answer` and what was sent, and keeps what was sent for the test to check. */
  const recordRequest = (answer: object) => {
    const record: { sent: unknown } = { sent: null };
    server.use(
      http.post(apiUrl(under.sends.to, 'requests'), async ({ request }) => {
        record.sent = await request.json();
        return HttpResponse.json({ ...answer, ...(record.sent as object) });
      }),
    );
    return record;
  };
  return { under, open, fillIn, send, openAndSend, recordRequest };
}

export type RequestDialogTesting = ReturnType<typeof requestDialogTesting>;

/** What both request dialogs do alike: 'Processing...' while sending, and Cancel. */
export function itBehavesLikeARequestDialog({ under, open, openAndSend }: RequestDialogTesting) {
  it("reads 'Processing...' while sending", async () => {
    server.use(delayedResponse('post', under.sends.to, 300, { base: 'requests' }));
    const { dialog } = await openAndSend();
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await within(dialog).findByRole('heading', { name: under.sends.received })).toBeInTheDocument();
  });

  it(`Cancel closes and returns focus to ${under.opens.button}`, async () => {
    const { user, opener, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
}
