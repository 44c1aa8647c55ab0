import { http, HttpResponse } from 'msw';
import { fireEvent, screen, within } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession, type StaffPicture } from '@agri/api-client/staff';
import { renderPage } from '@agri/ui/testing';
import { staffPictureFor } from '../../testing/staff-fixtures';
import PicturesRoute from './pictures-route';

const server = startMockApi();

beforeEach(() => useStaffSession.setState({ token: 'session-token', staff: { id: 's1', email: 'wanjiru@mavuno.test', role: 'staff' } }));
afterEach(() => useStaffSession.setState({ token: null, staff: null }));

const pictureOf = staffPictureFor;

describe('the media library', () => {
  it('saves a new description with the subject where the picture was tapped', async () => {
    let pictures = [pictureOf('p1')];
    const saved: unknown[] = [];
    server.use(
      http.get(`${TEST_API_BASE_URL}staff/pictures`, () => HttpResponse.json(pictures)),
      http.put(`${TEST_API_BASE_URL}staff/pictures/p1`, async ({ request }) => {
        const change = (await request.json()) as Pick<StaffPicture, 'description' | 'focus'>;
        saved.push(change);
        pictures = [pictureOf('p1', change)];
        return HttpResponse.json(pictures[0]);
      }),
    );
    const { user } = renderPage(<PicturesRoute />, { route: '/staff/pictures', path: '/staff/pictures' });
    const description = await screen.findByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Maize on raised drying racks');
    const frame = screen.getByRole('button', { name: 'Put the subject of Trainees drying maize here' });
    frame.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(frame, { clientX: 50, clientY: 80 });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByDisplayValue('Maize on raised drying racks');
    expect(saved).toEqual([{ description: 'Maize on raised drying racks', focus: { x: 0.25, y: 0.8 } }]);
  });

  it('says where a picture is shown and will not delete it; an unused one goes after a confirmation', async () => {
    let pictures = [
      pictureOf('used', { description: 'On the field day', usedBy: [{ kind: 'events', id: 'e1', title: 'Grain Drying Field Day' }] }),
      pictureOf('spare', { description: 'A spare' }),
    ];
    const deleted: string[] = [];
    server.use(
      http.get(`${TEST_API_BASE_URL}staff/pictures`, () => HttpResponse.json(pictures)),
      http.delete(`${TEST_API_BASE_URL}staff/pictures/:id`, ({ params }) => {
        deleted.push(String(params.id));
        pictures = pictures.filter((picture) => picture.id !== params.id);
        return HttpResponse.json({ message: 'Picture deleted' });
      }),
    );
    const { user } = renderPage(<PicturesRoute />, { route: '/staff/pictures', path: '/staff/pictures' });
    expect(await screen.findByRole('link', { name: 'event “Grain Drying Field Day”' })).toHaveAttribute('href', '/staff/content/events/e1');
    expect(screen.getByRole('button', { name: 'Delete On the field day' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete A spare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “A spare”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Picture deleted')).toBeInTheDocument();
    expect(deleted).toEqual(['spare']);
    expect(screen.queryByRole('button', { name: 'Delete A spare' })).not.toBeInTheDocument();
  });
});
