import type { ContactDetails, DataAreaStore } from '@agri/api-client';
import { Dialog, toast, type PageDialogState } from '@agri/ui';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@agri/ui/router';
import { ContactDetailsForm } from './contact-details-form';
import { RequestConfirmation } from './request-confirmation';

/**
 * What a page hands a request dialog (the booking, the call request): kept in the page (usePageDialog), so that its
 * button opens it, form and all, at the first tap, before the page's code has come.
 */
export type RequestDialogState = PageDialogState;

interface RequestDialogProps<Answer, Request> extends RequestDialogState {
  /** The data area that sends the request (booking, course request). */
  area: DataAreaStore<Answer, [Request]>;
  /** What is asked for, built from the visitor's contact details. */
  requestFor: (contactDetails: ContactDetails) => Request;
  title: string;
  /** What the visitor is asking about, above the form. */
  summary: ReactNode;
  submitLabel: string;
  /** The confirmation panel's heading once the request is received. */
  received: string;
  /** What the confirmation offers next, from the server's answer (null when the server did not describe it). */
  next?: (answer: Answer | null) => ReactNode;
}

/** A dialog that sends the visitor's contact details with a request and confirms it. */
export function RequestDialog<Answer, Request>(props: RequestDialogProps<Answer, Request>) {
  const { area, requestFor, title, summary, submitLabel, received, next, onClose, ...dialog } = props;
  const isLoading = area((state) => state.isLoading);
  const isSuccess = area((state) => state.isSuccess);
  const answer = area((state) => state.data);
  // Sent offline: kept on the phone until the connection returns (the shell sends it, and says so).
  const keptMessage = area((state) => (state.isKept ? state.message : null));
  const errorMessage = area((state) => (state.isError ? state.message : undefined));
  const navigate = useNavigate();

  // A request made earlier (or about another event or course) must not greet the next opening.
  useEffect(() => () => area.getState().reset(), [area]);

  const close = () => {
    area.getState().reset();
    onClose();
  };

  const send = async (contactDetails: ContactDetails) => {
    await area.getState().run(requestFor(contactDetails));
    // Any 2xx is a request received, even when the server's answer does not describe it.
    const { isSuccess, message } = area.getState();
    if (isSuccess) toast.success('Booking Created successfully!');
    else if (!area.getState().isKept) toast.error(message);
  };

  return (
    <Dialog {...dialog} onClose={close} title={title} closeOnBackdropClick={false}>
      {isSuccess || keptMessage ? (
        <RequestConfirmation
          heading={keptMessage ?? received}
          kept={Boolean(keptMessage)}
          onBack={close}
          onGoHome={() => {
            close();
            void navigate('/');
          }}
        >
          {isSuccess ? next?.(answer) : null}
        </RequestConfirmation>
      ) : (
        <>
          <p className="contact-details-form__summary">{summary}</p>
          <ContactDetailsForm
            submitLabel={submitLabel}
            isSubmitting={isLoading}
            errorMessage={errorMessage}
            onSubmit={send}
            onCancel={close}
            dialogId={dialog.pageId}
          />
        </>
      )}
    </Dialog>
  );
}
