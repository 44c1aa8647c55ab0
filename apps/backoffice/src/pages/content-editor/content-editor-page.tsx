import { useEffect, useState } from 'react';
import { ButtonLink, FormField, FormSubmit, Spinner, StatusPanel, TextField, toast } from '@agri/ui';
import { Link, useNavigate, useParams } from '@agri/ui/router';
import { messageOf } from '@agri/api-client';
import { blogPostDraftSchema, courseDraftSchema, eventDraftSchema, getContentItem, saveContentItem, type ContentKind } from '@agri/api-client/staff';
import { useSiteForm, type FieldErrors, type SiteForm } from '@agri/ui/forms';
import { LibraryPicker } from '../../features/pictures/library-picker';
import { PictureUpload } from '../../features/pictures/picture-upload';
import { RichTextField } from '../../features/rich-text/rich-text-field';
import { CONTENT_LABELS, contentKindOf } from '../../features/content/content-kinds';
import { CONTENT_FIELDS, textOf, valueOf, type ContentField } from './content-fields';

type FormValues = Record<string, unknown>;
const DRAFTS = { courses: courseDraftSchema, events: eventDraftSchema, blog: blogPostDraftSchema } as const;

/** The value at a dotted path ('whatYouWillEarn.0'). */
const at = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), values);

/** A field's first message, wherever in it the contract found the problem (an image's url, a list's item). */
function messageAt(errors: Record<string, unknown>, path: string): string | undefined {
  const found = at(errors, path);
  const first = (value: unknown): string | undefined => {
    if (!value || typeof value !== 'object') return undefined;
    if (typeof (value as { message?: unknown }).message === 'string') return (value as { message: string }).message;
    for (const inner of Object.values(value)) {
      const message = first(inner);
      if (message) return message;
    }
    return undefined;
  };
  return first(found);
}

/** The draft from the form's text, checked with the contract's schema (its messages are the form's). */
function resolverFor(kind: ContentKind) {
  return async (values: FormValues) => {
    const draft: FormValues = {};
    for (const field of CONTENT_FIELDS[kind]) {
      const value = valueOf(field, at(values, field.name));
      if (field.name === 'whatYouWillEarn.0') draft.whatYouWillEarn = [value];
      else if (value !== undefined) draft[field.name] = value;
    }
    const parsed = DRAFTS[kind].safeParse(draft);
    if (parsed.success) return { values: parsed.data as FormValues, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const name = path === 'whatYouWillEarn' ? 'whatYouWillEarn.0' : path.startsWith('images') ? 'images' : path;
      if (!at(errors, name)) {
        const parts = name.split('.');
        parts.reduce<Record<string, unknown>>((node, key, index) => {
          if (index === parts.length - 1) node[key] = { type: issue.code, message: issue.message };
          else node[key] ??= {};
          return node[key] as Record<string, unknown>;
        }, errors);
      }
    }
    return { values: {}, errors: errors as FieldErrors<FormValues> };
  };
}

const withLine = (text: unknown, line: string) => [String(text ?? '').trim(), line].filter(Boolean).join('\n');

function Field({ field, form }: { field: ContentField; form: SiteForm<FormValues> }) {
  const error = messageAt(form.errors, field.name);
  const common = { label: field.label, optional: field.optional, hint: field.hint, error };
  const addPicture = (reference: string) => form.setValue(field.name, withLine(form.getValues(field.name), reference), { shouldDirty: true });
  const setPicture = (reference: string) => form.setValue(field.name, reference, { shouldDirty: true });
  switch (field.input) {
    case 'rich':
      return <RichTextField control={form.control} name={field.name} label={field.label} error={error} />;
    case 'textarea':
      return (
        <FormField {...common} className="staff-form__full">
          {(control) => <textarea {...control} {...form.register(field.name)} className="ui-input" rows={3} />}
        </FormField>
      );
    case 'images':
      return (
        <div className="staff-form__full staff-pictures-field">
          <FormField {...common}>{(control) => <textarea {...control} {...form.register(field.name)} className="ui-input" rows={3} />}</FormField>
          {/* An uploaded photo joins the list by its library reference; the list stays editable as text. */}
          <PictureUpload onUploaded={(picture) => addPicture(picture.reference)} />
          <LibraryPicker onChoose={(picture) => addPicture(picture.reference)} />
        </div>
      );
    case 'picture':
      return (
        <div className="staff-form__full staff-pictures-field">
          <TextField {...common} {...form.register(field.name)} />
          <PictureUpload several={false} onUploaded={(picture) => setPicture(picture.reference)} />
          <LibraryPicker onChoose={(picture) => setPicture(picture.reference)} />
        </div>
      );
    case 'checkbox':
      return (
        <label className="staff-check">
          <input type="checkbox" {...form.register(field.name)} /> {field.label}
        </label>
      );
    default:
      return <TextField {...common} type={field.input} inputMode={field.input === 'number' ? 'numeric' : undefined} {...form.register(field.name)} />;
  }
}

/**
 * /staff/content/:kind/new and /staff/content/:kind/:id: a course, event or post, every field, with rich text.
 * Each address has an editor of its own: a new item, once saved, moves to its address, and the editor there
 * shows the form only when the saved item has loaded (a form shown at once, then reset by the load, lost what
 * was typed meanwhile: a price changed right after the first save was saved as the old one).
 */
export default function ContentEditorPage() {
  const { kind, id } = useParams();
  return <ContentEditor key={`${kind}/${id}`} />;
}

/** A saved item's fields as the form holds them (text; a field of a list's first entry as that list). */
function formValuesOf(kind: ContentKind, item: unknown): FormValues {
  const values: FormValues = {};
  for (const field of CONTENT_FIELDS[kind]) {
    const value = textOf(field, at(item, field.name));
    const parts = field.name.split('.');
    if (parts.length === 2) values[parts[0]!] = [value];
    else values[field.name] = value;
  }
  return values;
}

/** Whether the item is on the site, with a link to it there. */
function PublishedState({ published, address }: { published: boolean; address: string }) {
  return (
    <p className="staff-muted">
      {published ? 'Published' : 'Unpublished: not on the site'}.{' '}
      {published ? (
        <a href={address} target="_blank" rel="noreferrer">
          See it on the site
        </a>
      ) : null}
    </p>
  );
}

function ContentEditor() {
  const { kind: kindParam, id } = useParams();
  const kind = contentKindOf(kindParam);
  const isNew = id === 'new';
  const navigate = useNavigate();
  // An unknown kind shows 'Page not found' below; the form's rules are then never used.
  const form = useSiteForm<FormValues>(resolverFor(kind ?? 'courses'), {});
  const [state, setState] = useState<'loading' | 'ready' | 'not-found' | { problem: string }>(isNew ? 'ready' : 'loading');
  const [published, setPublished] = useState(true);
  const { reset, failure } = form;

  useEffect(() => {
    if (!kind || isNew || !id) return;
    getContentItem(kind, id).then(
      ({ item, published: isPublished }) => {
        reset(formValuesOf(kind, item));
        setPublished(isPublished);
        setState('ready');
      },
      (error: unknown) => setState((error as { status?: number }).status === 404 ? 'not-found' : { problem: messageOf(error, 'Could not load it') }),
    );
  }, [kind, id, isNew, reset]);

  if (!kind) return <StatusPanel title="Page not found" actions={<ButtonLink to="/staff/content">Publishing</ButtonLink>} />;
  const labels = CONTENT_LABELS[kind];
  if (state === 'loading') return <Spinner label={`Loading the ${labels.one}`} />;
  if (state === 'not-found') {
    return (
      <StatusPanel title="Not found" actions={<ButtonLink to={`/staff/content/${kind}`}>{labels.plural}</ButtonLink>}>
        It may have been deleted.
      </StatusPanel>
    );
  }
  if (typeof state === 'object')
    return (
      <StatusPanel title={`Could not load the ${labels.one}`} role="alert">
        {state.problem}
      </StatusPanel>
    );

  const save = form.submit(
    async (draft) => {
      const saved = await saveContentItem(kind, draft as never, isNew ? undefined : id);
      toast.success(isNew ? `The ${labels.one} is saved and published` : 'Saved');
      void navigate(`/staff/content/${kind}/${encodeURIComponent(saved.item._id)}`, { replace: true });
    },
    (error) => messageOf(error, 'Could not save it'),
  );

  return (
    <>
      <p>
        <Link to={`/staff/content/${kind}`}>← {labels.plural}</Link>
      </p>
      <h1>{isNew ? `New ${labels.one}` : `Edit the ${labels.one}`}</h1>
      {!isNew ? <PublishedState published={published} address={`${labels.publicPath}/${encodeURIComponent(id ?? '')}`} /> : null}
      <form className="staff-form staff-form--wide staff-card" noValidate onSubmit={(event) => void save(event)}>
        {CONTENT_FIELDS[kind].map((field) => (
          <Field key={field.name} field={field} form={form} />
        ))}
        <div className="staff-form__full">
          <FormSubmit busy={form.busy} failure={failure} label="Save" busyLabel="Saving..." />
        </div>
      </form>
    </>
  );
}
