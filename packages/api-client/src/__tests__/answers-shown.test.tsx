import { renderToString } from 'react-dom/server';
import { answersShownBy, createDataArea, getBlogs, getCourse, getCourses, useDataAreaFor } from '../index';
import { apiUrl, fixtures, startMockApi } from '../testing';

startMockApi();

// What a prerendered page says of each island: the API answers it shows, so that a changed answer wakes only
// the islands that show it (apps/shell/src/islands/loader).
describe('the answers a part of a page shows', () => {
  const useCourses = createDataArea('test/shown-courses', getCourses);
  const useCourse = createDataArea('test/shown-course', getCourse);
  const useBlogs = createDataArea('test/shown-blogs', getBlogs);
  const [course] = fixtures.courses;

  function CourseCount() {
    const { data } = useDataAreaFor(useCourses);
    return <p>{data?.length ?? 0} courses</p>;
  }
  function CourseAndPosts({ id }: { id: string }) {
    const { data } = useDataAreaFor(useCourse, id);
    const posts = useBlogs((state) => state.data);
    return (
      <p>
        {data?.title} and {posts?.length} posts
      </p>
    );
  }

  beforeAll(async () => {
    await useCourses.getState().run();
    // Asked ahead (the shell's fetch-ahead), then taken by its page's load: its URL goes with the answer.
    useCourse.getState().prefetch(course!._id);
    await useCourse.getState().load(course!._id);
    await useBlogs.getState().run();
  });

  it('are the URLs its data areas were answered from, and only those it reads', () => {
    const list = answersShownBy(() => renderToString(<CourseCount />));
    expect(list.result).toBe(`<p>${fixtures.courses.length}<!-- --> courses</p>`);
    expect(list.answers).toEqual([apiUrl('course')]);

    const page = answersShownBy(() => renderToString(<CourseAndPosts id={course!._id} />));
    expect(page.answers).toEqual([apiUrl('blog'), apiUrl(`course/${course!._id}`)].sort());
  });
});
