import { http, HttpResponse } from 'msw';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession } from '@agri/api-client/staff';
import { staffPictureFor } from '../../testing/staff-fixtures';
import { MOST_PHOTOS_AT_ONCE, PictureUpload } from './picture-upload';

const server = startMockApi();

beforeEach(() => useStaffSession.setState({ token: 'session-token', staff: { id: 's1', email: 'wanjiru@mavuno.test', role: 'staff' } }));
afterEach(() => useStaffSession.setState({ token: null, staff: null }));

const picture = staffPictureFor();

const photo = (name = 'IMG_2041.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs one.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

describe('adding a photo', () => {
  it('asks for a description before anything is sent', async () => {
    const sent = jest.fn();
    server.use(http.post(`${TEST_API_BASE_URL}staff/pictures`, () => (sent(), HttpResponse.json(picture, { status: 201 }))));
    const user = userEvent.setup();
    render(<PictureUpload onUploaded={jest.fn()} />);
    await user.upload(screen.getByLabelText(/Add photos/), photo());
    expect(screen.getByAltText('The chosen photo, IMG_2041.jpg')).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Description is Required')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('keeps the photo and its description when the upload fails, and sends them again on Try again', async () => {
    const requests: { type: string | null; description: string | null; size: number }[] = [];
    let answer = () => HttpResponse.json({ message: 'HEIC photos (from an iPhone) cannot be read here: export the photo as JPEG' }, { status: 415 });
    server.use(
      http.post(`${TEST_API_BASE_URL}staff/pictures`, async ({ request }) => {
        requests.push({
          type: request.headers.get('Content-Type'),
          description: new URL(request.url).searchParams.get('description'),
          size: (await request.arrayBuffer()).byteLength,
        });
        return answer();
      }),
    );
    const uploaded = jest.fn();
    const user = userEvent.setup();
    render(<PictureUpload onUploaded={uploaded} />);
    await user.upload(screen.getByLabelText(/Add photos/), photo());
    await user.type(screen.getByLabelText(/^Description/), 'Trainees drying maize');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('export the photo as JPEG');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Trainees drying maize');
    answer = () => HttpResponse.json(picture, { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await screen.findByText('Add photos: choose them, take one, or drop them here');
    expect(uploaded).toHaveBeenCalledWith(picture);
    expect(requests).toEqual([
      { type: 'application/octet-stream', description: 'Trainees drying maize', size: 7 },
      { type: 'application/octet-stream', description: 'Trainees drying maize', size: 7 },
    ]);
  });

  it('uploads on Enter in the description, without submitting the form around it (the editor’s)', async () => {
    server.use(http.post(`${TEST_API_BASE_URL}staff/pictures`, () => HttpResponse.json(picture, { status: 201 })));
    const submitted = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const uploaded = jest.fn();
    const user = userEvent.setup();
    render(
      <form onSubmit={submitted}>
        <PictureUpload onUploaded={uploaded} />
      </form>,
    );
    await user.upload(screen.getByLabelText(/Add photos/), photo());
    await user.type(screen.getByLabelText(/^Description/), 'Trainees drying maize{Enter}');
    await screen.findByText('Add photos: choose them, take one, or drop them here');
    expect(uploaded).toHaveBeenCalledWith(picture);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('takes several photos at once, each described and sent on its own, and at most ten', async () => {
    const described: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API_BASE_URL}staff/pictures`, ({ request }) => {
        described.push(new URL(request.url).searchParams.get('description'));
        return HttpResponse.json(picture, { status: 201 });
      }),
    );
    const uploaded = jest.fn();
    const user = userEvent.setup();
    render(<PictureUpload onUploaded={uploaded} />);
    await user.upload(screen.getByLabelText(/Add photos/), [photo('IMG_1.jpg'), photo('IMG_2.jpg')]);
    const second = within(screen.getByRole('group', { name: 'IMG_2.jpg' }));
    await user.type(second.getByLabelText(/^Description/), 'Sacks on a pallet{Enter}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'IMG_2.jpg' })).not.toBeInTheDocument());
    // The first is still waiting for its description, as it was.
    expect(screen.getByRole('group', { name: 'IMG_1.jpg' })).toBeInTheDocument();
    expect(described).toEqual(['Sacks on a pallet']);
    expect(uploaded).toHaveBeenCalledTimes(1);

    await user.upload(
      screen.getByLabelText('Add more photos'),
      Array.from({ length: 10 }, (_, index) => photo(`IMG_${index + 10}.jpg`)),
    );
    expect(screen.getAllByRole('group')).toHaveLength(MOST_PHOTOS_AT_ONCE);
    expect(screen.getByRole('status')).toHaveTextContent('At most 10 photos at once: upload these, then add the others');
  });

  it('for a field of one picture, takes one photo: a new choice replaces the last', async () => {
    const user = userEvent.setup();
    render(<PictureUpload several={false} onUploaded={jest.fn()} />);
    await user.upload(screen.getByLabelText('Add a photo: choose one, take one, or drop it here'), photo('IMG_1.jpg'));
    await user.upload(screen.getByLabelText('Choose another photo'), photo('IMG_2.jpg'));
    expect(screen.getAllByRole('group').map((group) => group.getAttribute('aria-label'))).toEqual(['IMG_2.jpg']);
  });
});
