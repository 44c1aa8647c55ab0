import { ACCOUNT_FALLBACK, messageOf } from '@agri/api-client';
import { useState } from 'react';
import { useParams } from '@agri/ui/router';

type MailedLinkState<T> = { status: 'idle' | 'saving' } | { status: 'done'; result: T } | { status: 'failed'; message: string };

/**
 * A link mailed about the account (confirm a new email, undo an email change) acts only when the button on
 * its page is pressed, so a mail scanner that opens links cannot act on the customer's behalf. `act` is
 * given the link's token; `done` holds what it answered once it has.
 */
export function useMailedLink<T>(act: (token: string) => Promise<T>) {
  const { token = '' } = useParams();
  const [state, setState] = useState<MailedLinkState<T>>({ status: 'idle' });

  const press = async () => {
    setState({ status: 'saving' });
    try {
      setState({ status: 'done', result: await act(token) });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error, ACCOUNT_FALLBACK) });
    }
  };

  return {
    done: state.status === 'done' ? { result: state.result } : null,
    busy: state.status === 'saving',
    failure: state.status === 'failed' ? state.message : null,
    press: () => void press(),
  };
}
