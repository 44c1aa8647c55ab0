import { prepareToSend, z } from '@agri/api-client';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { TextField } from '../components/form-field';
import { useSiteForm } from './use-site-form';

// The transport is asked for when the visitor starts filling in (prepareToSend): watched here, not loaded.
jest.mock('@agri/api-client', () => ({ ...jest.requireActual<object>('@agri/api-client'), prepareToSend: jest.fn() }));

const schema = z.object({
  name: z.string().check(z.minLength(1, 'Name is Required')),
  email: z.string().check(z.minLength(1, 'Email is Required'), z.email('Email should be valid.')),
});

function Enquiry() {
  const {
    register,
    formState: { errors },
  } = useSiteForm(schema, { name: '', email: '' });
  return (
    <form noValidate>
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <TextField label="Email" error={errors.email?.message} type="email" {...register('email')} />
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  jest.mocked(prepareToSend).mockClear();
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** A prerendered form: its HTML first; `typeBeforeTakeOver` as a visitor would before the code arrives; then hydration. */
async function takeOver(typeBeforeTakeOver: (container: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Enquiry />);
  document.body.append(container);
  typeBeforeTakeOver(container);
  await act(async () => {
    root = hydrateRoot(container, <Enquiry />);
  });
}

const field = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('useSiteForm', () => {
  it('asks for the API client’s transport once the visitor types, not when the form appears', async () => {
    await takeOver(() => undefined);
    expect(prepareToSend).not.toHaveBeenCalled();
    await userEvent.setup().type(screen.getByLabelText('Name'), 'G');
    expect(prepareToSend).toHaveBeenCalled();
  });

  it('asks for it at once when the visitor typed before the form’s code came', async () => {
    await takeOver((container) => {
      field(container, 'name').value = 'Grace Wanjiku';
    });
    expect(prepareToSend).toHaveBeenCalled();
  });

  it('shows messages once a field is touched, not before', async () => {
    await takeOver(() => undefined);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Email'));
    expect(screen.queryByText('Email is Required')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
  });

  it('keeps what was typed before the page was taken over, and checks a field that was left', async () => {
    await takeOver((container) => {
      field(container, 'name').value = 'Grace Wanjiku';
      field(container, 'email').value = 'grace@';
    });
    expect(field(document.body, 'name').value).toBe('Grace Wanjiku');
    expect(field(document.body, 'email').value).toBe('grace@');
    await waitFor(() => expect(screen.getByText('Email should be valid.')).toBeInTheDocument());
    expect(screen.queryByText('Name is Required')).toBeNull();
  });

  it('checks a field left empty before the code of a document with islands was in (its loader marks it)', async () => {
    await takeOver((container) => Object.assign(field(container, 'name'), { leftBeforeCode: true }));
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.queryByText('Email is Required')).toBeNull();
  });

  it('checks its own fields, not another form’s of the same names', async () => {
    const other = document.createElement('form');
    other.innerHTML = '<input name="email" value="someone@">';
    document.body.append(other);
    await takeOver((container) => {
      field(container, 'email').value = 'grace@';
      other.querySelector('input')!.focus();
    });
    await waitFor(() => expect(screen.getByText('Email should be valid.')).toBeInTheDocument());
  });

  it('leaves the field still being typed in alone until it is left', async () => {
    await takeOver((container) => {
      field(container, 'email').value = 'grace@';
      field(container, 'email').focus();
    });
    await act(async () => undefined);
    expect(screen.queryByText('Email should be valid.')).toBeNull();
    await userEvent.setup().tab();
    expect(await screen.findByText('Email should be valid.')).toBeInTheDocument();
  });
});

describe('useSiteForm: sending', () => {
  function Subscribe({ send, onFailure }: { send: (values: { name: string; email: string }) => Promise<unknown>; onFailure?: (message: string) => void }) {
    const { register, submit, errors, busy, failure } = useSiteForm(schema, { name: '', email: '' }, { onFailure });
    return (
      <form noValidate onSubmit={submit(send, (error) => `Not sent: ${(error as Error).message}`)}>
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <TextField label="Email" error={errors.email?.message} type="email" {...register('email')} />
        <p role="alert">{failure}</p>
        <button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send'}
        </button>
      </form>
    );
  }

  it('sends only what the schema accepts, says it is sending, and keeps the failure beside the form and tells onFailure', async () => {
    const send = jest.fn().mockRejectedValueOnce(new Error('the line dropped')).mockResolvedValueOnce(undefined);
    const onFailure = jest.fn();
    const { render } = await import('@testing-library/react');
    render(<Subscribe send={send} onFailure={onFailure} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('Email'), 'grace@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent: the line dropped');
    expect(onFailure).toHaveBeenCalledWith('Not sent: the line dropped');
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(''));
  });
});

describe('useSiteForm: a click is never lost (issue 38)', () => {
  /** The registration's code step: the code field focused, its message above the buttons, "Resend Code" below. */
  function CodeStep({ resend }: { resend: () => void }) {
    const { register, errors } = useSiteForm(schema, { name: '', email: '' });
    return (
      <form noValidate>
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <button type="button" onClick={resend}>
          Resend Code
        </button>
      </form>
    );
  }

  it('a message caused by pressing a button waits until the button’s click was handled', async () => {
    const { fireEvent, render } = await import('@testing-library/react');
    const resend = jest.fn(() => expect(screen.queryByText('Name is Required')).toBeNull());
    render(<CodeStep resend={resend} />);
    const name = screen.getByLabelText('Name');
    const button = screen.getByRole('button', { name: 'Resend Code' });
    name.focus();
    // The press takes the focus out of the field: its message must not move the button before the release.
    fireEvent.pointerDown(button);
    act(() => name.blur());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText('Name is Required')).toBeNull();
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(resend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
  });

  it('a release that brings no click (a drag away) shows the message soon after', async () => {
    const { fireEvent, render } = await import('@testing-library/react');
    render(<CodeStep resend={() => {}} />);
    const name = screen.getByLabelText('Name');
    name.focus();
    fireEvent.pointerDown(document.body);
    act(() => name.blur());
    fireEvent.pointerUp(document.body);
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
  });

  it('a part of the form that arrives during a press is put in once the press’s click was handled', async () => {
    const { fireEvent } = await import('@testing-library/react');
    const { outsideAPress } = await import('./after-press');
    const arrived = jest.fn();
    let load!: (part: string) => void;
    void outsideAPress(new Promise<string>((resolve) => (load = resolve))).then(arrived);
    fireEvent.pointerDown(document.body);
    load('the editor');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(arrived).not.toHaveBeenCalled();
    fireEvent.pointerUp(document.body);
    fireEvent.click(document.body);
    await waitFor(() => expect(arrived).toHaveBeenCalledWith('the editor'));
  });
});
