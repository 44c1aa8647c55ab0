import { errorResponse, fixtures, malformedResponse, networkFailure } from '@agri/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@agri/api-client/testing';
import { renderCatalog, renderCatalogWhileLoading, server, resetCatalogStoresBetweenTests } from '../../testing/render-catalog';
import { expectStillLoading, waitUntilLoaded } from '@agri/ui/testing';

resetCatalogStoresBetweenTests();

describe('/courses', () => {
  it('shows ten skeleton rows until the courses arrive', async () => {
    renderCatalogWhileLoading('/courses', 'course');
    expect(screen.getAllByTestId('course-skeleton-row')).toHaveLength(10);
    expectStillLoading('Loading courses');
    expect(await screen.findByRole('rowheader', { name: fixtures.courses[0]!.title })).toBeInTheDocument();
    expect(screen.queryByTestId('course-skeleton-row')).not.toBeInTheDocument();
  });

  it('lists every course with the spec columns and a View link to its page', async () => {
    renderCatalog('/courses');
    await waitUntilLoaded('Loading courses');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['No.', 'Course Name', 'Objective', 'Target Group', 'Duration', 'Action']);

    const [, firstRow] = within(table).getAllByRole('row');
    const course = fixtures.courses[0]!;
    expect(within(firstRow!).getByText('1')).toBeInTheDocument();
    expect(within(firstRow!).getByText(course.objective)).toBeInTheDocument();
    expect(within(firstRow!).getByText(course.targetGroup)).toBeInTheDocument();
    expect(within(firstRow!).getByText(course.duration)).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(fixtures.courses.length + 1);

    await userEvent.click(within(firstRow!).getByRole('link', { name: `View ${course.title}` }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/course/${course._id}`);
  });

  it('says so when there are no courses', async () => {
    server.use(http.get(apiUrl('course'), () => HttpResponse.json([])));
    renderCatalog('/courses');
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each([
    ['the server fails', errorResponse('get', 'course', { status: 500 })],
    ['the API is unreachable', networkFailure('get', 'course')],
    ['the answer breaks the contract', malformedResponse('get', 'course')],
  ])('shows an error with a retry when %s', async (_case, handler) => {
    server.use(handler);
    renderCatalog('/courses');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the courses');
    expect(alert).toHaveTextContent('Error getting courses. Please check your connection and try again.');

    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('rowheader', { name: fixtures.courses[1]!.title })).toBeInTheDocument());
  });
});
