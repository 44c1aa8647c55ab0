import { CONTENT_FIELDS, textOf, valueOf, type ContentField } from './content-fields';
import { courseDraftSchema, eventDraftSchema, blogPostDraftSchema } from '@agri/api-client/staff';

const field = (input: ContentField['input'], optional = false): ContentField => ({ name: 'x', label: 'X', input, optional });

describe('content fields', () => {
  it("turn typed text into the draft's values and back", () => {
    expect(valueOf(field('number'), ' 15500 ')).toBe(15500);
    expect(valueOf(field('number'), '')).toBeNaN();
    expect(valueOf(field('number', true), '')).toBeUndefined();
    expect(valueOf(field('text', true), '  ')).toBeUndefined();
    expect(valueOf(field('checkbox'), true)).toBe(true);
    expect(valueOf(field('images'), 'https://a.test/1.jpg\n\n https://a.test/2.jpg ')).toEqual([
      { url: 'https://a.test/1.jpg' },
      { url: 'https://a.test/2.jpg' },
    ]);
    expect(textOf(field('images'), [{ url: 'https://a.test/1.jpg' }, { url: '/static/blog/b.svg' }])).toBe('https://a.test/1.jpg\n/static/blog/b.svg');
    expect(textOf(field('number', true), undefined)).toBe('');
  });

  it("cover every field the contract's drafts take (spec section 3)", () => {
    const names = (kind: keyof typeof CONTENT_FIELDS) => CONTENT_FIELDS[kind].map((each) => each.name.split('.')[0]).sort();
    expect(names('courses')).toEqual(Object.keys(courseDraftSchema.shape).sort());
    expect(names('events')).toEqual(Object.keys(eventDraftSchema.shape).sort());
    expect(names('blog')).toEqual(Object.keys(blogPostDraftSchema.shape).sort());
  });
});
