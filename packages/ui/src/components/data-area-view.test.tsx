import { screen } from '@testing-library/react';
import { renderPage } from '../testing';
import { expectStillLoading } from '../testing/loading';
import { DataAreaView, ItemAreaView, type DataAreaViewProps } from './data-area-view';

const answered = <T,>(data: T) => ({ data, isSuccess: true, isError: false, errorStatus: null, message: '' });
const loading = { data: null, isSuccess: false, isError: false, errorStatus: null, message: '' };
const failed = (errorStatus: number | null, message = 'Error getting courses') => ({ data: null, isSuccess: false, isError: true, errorStatus, message });

function renderView(props: Partial<DataAreaViewProps<string[]>> & Pick<DataAreaViewProps<string[]>, 'area'>) {
  const onRetry = jest.fn();
  const { user } = renderPage(
    <DataAreaView
      placeholder={<p>placeholder rows</p>}
      loadingLabel="Loading courses"
      failure={{ title: 'We could not load the courses' }}
      onRetry={onRetry}
      empty={<p>No courses yet</p>}
      {...props}
    >
      {(courses) => (
        <ul>
          {courses.map((course) => (
            <li key={course}>{course}</li>
          ))}
        </ul>
      )}
    </DataAreaView>,
  );
  return { user, onRetry };
}

describe('DataAreaView', () => {
  it('shows the placeholders, announced, until the data is in', () => {
    renderView({ area: loading });
    expect(screen.getByText('placeholder rows')).toBeInTheDocument();
    expectStillLoading('Loading courses');
  });

  it('shows the content once the data is in, and the empty state for an empty list', () => {
    renderView({ area: answered(['HACCP', 'ISO 22000']) });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['HACCP', 'ISO 22000']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the empty state of an empty list', () => {
    renderView({ area: answered([]) });
    expect(screen.getByText('No courses yet')).toBeInTheDocument();
  });

  it('keeps the placeholders while the data held is another page’s', () => {
    renderView({ area: answered(['course 41']), isCurrent: (courses) => courses[0] === 'course 42' });
    expectStillLoading('Loading courses');
    expect(screen.queryByText('course 41')).toBeNull();
  });

  it('shows a failure with the area’s message and Try again', async () => {
    const { user, onRetry } = renderView({ area: failed(500) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load the courses');
    expect(alert).toHaveTextContent('Error getting courses. Please check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says a single thing is not found on a 404, with a link on', () => {
    renderView({ area: failed(404), notFound: { title: 'Course not found', text: 'It may have ended.', link: { to: '/courses', label: 'See all courses' } } });
    expect(screen.getByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the empty state instead of a failure where the spec keeps failures silent', () => {
    renderView({ area: failed(500), silentFailure: true });
    expect(screen.getByText('No courses yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ItemAreaView', () => {
  const renderItem = (area: Parameters<typeof ItemAreaView<{ _id: string }>>[0]['area']) =>
    renderPage(
      <ItemAreaView area={area} id="42" placeholder={<p>placeholder</p>} loadingLabel="Loading course" failure={{ title: 'We could not load this course' }}>
        {(course) => <p>course {course._id}</p>}
      </ItemAreaView>,
    );

  it('shows the thing of the page’s id only, the one before counting as still loading', () => {
    renderItem({ ...answered({ _id: '41' }), run: jest.fn() });
    expectStillLoading('Loading course');
    expect(screen.queryByText('course 41')).toBeNull();
  });

  it('fetches the page’s id again on Try again', async () => {
    const run = jest.fn();
    const { user } = renderItem({ ...failed(500), run });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(run).toHaveBeenCalledWith('42');
  });
});
