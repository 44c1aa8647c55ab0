import type { ContentKind } from '@agri/api-client/staff';

/** One field of a form: how it is typed, and how its text becomes the draft's value. */
export interface ContentField {
  name: string;
  label: string;
  input: 'text' | 'number' | 'date' | 'time' | 'checkbox' | 'rich' | 'images' | 'picture' | 'textarea';
  optional?: boolean;
  hint?: string;
}

/** Every field of spec section 3, per kind, in the order a person fills them. */
export const CONTENT_FIELDS: Record<ContentKind, ContentField[]> = {
  courses: [
    { name: 'title', label: 'Title', input: 'text' },
    { name: 'category', label: 'Category', input: 'text', hint: 'e.g. Food Safety, ISO Certification' },
    { name: 'objective', label: 'Objective', input: 'textarea' },
    { name: 'targetGroup', label: 'Target group', input: 'text' },
    { name: 'duration', label: 'Duration', input: 'text', hint: 'e.g. 3 days' },
    { name: 'lecturer', label: 'Lecturer', input: 'text' },
    { name: 'price', label: 'Price (KES, VAT inclusive)', input: 'number' },
    { name: 'lectures', label: 'Lectures', input: 'number', optional: true },
    { name: 'skillLevel', label: 'Skill level', input: 'text', optional: true, hint: 'Empty: All Levels' },
    { name: 'language', label: 'Language', input: 'text', optional: true, hint: 'Empty: English' },
    { name: 'certificate', label: 'Certificate on completion', input: 'checkbox' },
    { name: 'description', label: 'About the course', input: 'rich' },
    { name: 'whatYouWillEarn.0', label: 'What you will learn', input: 'rich' },
  ],
  events: [
    { name: 'title', label: 'Title', input: 'text' },
    { name: 'speaker', label: 'Speaker', input: 'text' },
    { name: 'startDate', label: 'Start date', input: 'date' },
    { name: 'startTime', label: 'Start time', input: 'time' },
    { name: 'endDate', label: 'End date', input: 'date' },
    { name: 'endTime', label: 'End time', input: 'time' },
    { name: 'venue', label: 'Venue', input: 'text', optional: true, hint: 'Empty: Venue TBD' },
    { name: 'city', label: 'City', input: 'text', optional: true, hint: 'Empty: City TBD' },
    { name: 'price', label: 'Price (KES; 0 for a free event)', input: 'number' },
    { name: 'courseLength', label: 'Course length (days)', input: 'number', optional: true },
    { name: 'classDuration', label: 'Class duration (minutes)', input: 'number', optional: true },
    { name: 'images', label: 'Pictures', input: 'images', optional: true, hint: 'Add photos below, or give one address a line (https://…)' },
    { name: 'description', label: 'Description', input: 'rich' },
  ],
  blog: [
    { name: 'title', label: 'Title', input: 'text' },
    { name: 'category', label: 'Category', input: 'text', hint: 'col-1: the home page’s large cards (2), col-2: its compact ones (3)' },
    {
      name: 'images',
      label: 'Pictures',
      input: 'images',
      hint: 'Add photos below, or give one address a line (https://…); the first is the article’s picture',
    },
    {
      name: 'image',
      label: 'Home page card picture',
      input: 'picture',
      optional: true,
      hint: 'An address or a picture of the library; empty: the first picture',
    },
    { name: 'description', label: 'Article', input: 'rich' },
  ],
};

/** A field's text as the draft holds it: numbers as numbers, an empty optional field as nothing. */
export function valueOf(field: ContentField, raw: unknown): unknown {
  if (field.input === 'checkbox') return Boolean(raw);
  if (field.input === 'images') {
    return String(raw ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((url) => ({ url }));
  }
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === '' || text === undefined || text === null) return field.optional ? undefined : field.input === 'number' ? Number.NaN : '';
  return field.input === 'number' ? Number(text) : text;
}

/** A draft's value as its field shows it. */
export function textOf(field: ContentField, value: unknown): unknown {
  if (field.input === 'checkbox') return Boolean(value);
  if (field.input === 'images') return Array.isArray(value) ? value.map((image: { url: string }) => image.url).join('\n') : '';
  // A picture the API answers as an image ({ url }): the form edits its address.
  if (value && typeof value === 'object' && 'url' in value) return String(value.url);
  return value === undefined || value === null ? '' : String(value);
}
