import { ownerOf, owns } from './route-owners';

test('a prefix owns its path and the paths below it, not a longer word', () => {
  expect(owns('/course', '/course')).toBe(true);
  expect(owns('/course', '/course/42')).toBe(true);
  expect(owns('/course', '/courses')).toBe(false);
  expect(owns('/courses', '/courses/')).toBe(true);
});

test("'/' owns the home page only", () => {
  expect(owns('/', '/')).toBe(true);
  expect(owns('/', '/about')).toBe(false);
});

test('the owner is the remote with the longest matching prefix; no match is no owner', () => {
  const routes = { content: ['/', '/blog'], catalog: ['/course', '/events'], notices: ['/events/notices'] };
  expect(ownerOf('/', routes)).toBe('content');
  expect(ownerOf('/blog/7', routes)).toBe('content');
  expect(ownerOf('/course/7', routes)).toBe('catalog');
  expect(ownerOf('/events/notices/1', routes)).toBe('notices');
  expect(ownerOf('/login', routes)).toBeNull();
});
