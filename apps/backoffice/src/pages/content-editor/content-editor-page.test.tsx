import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { startMockApi, TEST_API_BASE_URL } from '@agri/api-client/testing';
import { useStaffSession } from '@agri/api-client/staff';
import { renderPage } from '@agri/ui/testing';
import { staffPictureFor } from '../../testing/staff-fixtures';
import ContentEditorRoute from './content-editor-route';

// The rich-text editor (Tiptap) is a field like any other here: a text box bound the same way.
jest.mock('../../features/rich-text/rich-text-editor', () => ({
  __esModule: true,
  default: ({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) => (
    <textarea id={id} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const server = startMockApi();

beforeEach(() => useStaffSession.setState({ token: 'session-token', staff: { id: 's1', email: 'wanjiru@mavuno.test', role: 'staff' } }));
afterEach(() => useStaffSession.setState({ token: null, staff: null }));

const post = {
  _id: 'post-1',
  title: 'Drying Maize Right',
  description: '<p>Moisture below 13.5 %.</p>',
  images: [{ url: 'https://images.example.com/maize.jpg' }],
  category: 'col-1',
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
};

describe('the content editor', () => {
  it('after the first save, shows the saved item once it has loaded, and keeps what is typed next', async () => {
    let savedItemLoaded: () => void = () => undefined;
    const loadAnswered = new Promise<void>((resolve) => {
      savedItemLoaded = resolve;
    });
    server.use(
      http.post(`${TEST_API_BASE_URL}staff/blog`, () => HttpResponse.json({ item: post, published: true }, { status: 201 })),
      // The saved item's load is slow: it answers only when the test says so.
      http.get(`${TEST_API_BASE_URL}staff/blog/post-1`, async () => {
        await loadAnswered;
        return HttpResponse.json({ item: post, published: true });
      }),
    );
    const { user } = renderPage(<ContentEditorRoute />, { route: '/staff/content/blog/new', path: '/staff/content/:kind/:id' });
    await user.type(screen.getByLabelText('Title'), post.title);
    await user.type(screen.getByLabelText('Category'), post.category);
    await user.type(screen.getByLabelText('Pictures'), post.images[0]!.url);
    // The editor's code loads lazily, as on the site: the field is there once it has.
    await user.type(await screen.findByLabelText('Article'), post.description);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // No form to type into before the saved item is in: the load would reset what was typed.
    expect(await screen.findByText('Loading the blog post')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/staff/content/blog/post-1');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();

    savedItemLoaded();
    await screen.findByRole('heading', { name: 'Edit the blog post' });
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue(post.title);
    await user.clear(title);
    await user.type(title, 'Drying Maize Right, Again');
    expect(title).toHaveValue('Drying Maize Right, Again');
  });

  it('takes pictures of the library: one more line in the list, or the home card’s picture', async () => {
    const { reference } = staffPictureFor();
    server.use(http.get(`${TEST_API_BASE_URL}staff/pictures`, () => HttpResponse.json([staffPictureFor()])));
    const { user } = renderPage(<ContentEditorRoute />, { route: '/staff/content/blog/new', path: '/staff/content/:kind/:id' });
    await user.type(screen.getByLabelText('Pictures'), post.images[0]!.url);
    const [forList, forCard] = screen.getAllByRole('button', { name: 'Choose from the library' });
    await user.click(forList!);
    await user.click(await screen.findByRole('button', { name: 'Trainees drying maize' }));
    expect(screen.getByLabelText('Pictures')).toHaveValue(`${post.images[0]!.url}\n${reference}`);
    await user.click(forCard!);
    await user.click(await screen.findByRole('button', { name: 'Trainees drying maize' }));
    expect(screen.getByLabelText(/Home page card picture/)).toHaveValue(reference);
  });
});
