import { useDataAreaFor, type DataAreaStore } from '@agri/api-client';
import type { ReactNode } from 'react';
import { useParams } from '../router';
import { Button, ButtonLink } from './button';
import { StatusPanel } from './status-panel';

/** What the view needs of a data area (a DataAreaState of @agri/api-client fits). */
interface ViewedArea<T> {
  data: T | null;
  /** The data is in (a saved address may be in and null). */
  isSuccess: boolean;
  isError: boolean;
  /** 404 means the thing does not exist; any other failure may pass on a retry. */
  errorStatus: number | null;
  message: string;
}

export interface DataAreaViewProps<T> {
  area: ViewedArea<T>;
  /** Placeholders in the shape of the content (the spec's skeletons), shown until the data is in. */
  placeholder: ReactNode;
  /** Said to screen readers while the placeholders show, e.g. 'Loading courses'. */
  loadingLabel: string;
  /** Any failure but a 404: a title; the text is the area's message, unless given. Offers Try again. */
  failure: { title: string; text?: ReactNode };
  onRetry: () => void;
  /** A single thing that does not exist (404): a title, a sentence and a link on to the list. */
  notFound?: { title: string; text: ReactNode; link: { to: string; label: string } };
  /** Shown for a list with nothing in it. */
  empty?: ReactNode;
  /** A failure shows the empty state, with no panel (spec section 8: the events' load failure is silent). */
  silentFailure?: boolean;
  /** Whether the data held is the page's own (the course of this page, not the one before); any by default. */
  isCurrent?: (data: T) => boolean;
  /** The level of the not-found and failure panels' headings: 1 where they stand in for the page's own title. */
  panelHeadingLevel?: 1 | 2;
  /** The content, once the data is in. */
  children: (data: T) => ReactNode;
}

const sentence = (message: string) => (/[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`);

/**
 * The one way a page or a section shows a data area: its placeholders while it loads, 'not found', the
 * failure with Try again, the empty state of a list, or the content.
 */
export function DataAreaView<T>({
  area,
  placeholder,
  loadingLabel,
  failure,
  onRetry,
  notFound,
  empty,
  silentFailure = false,
  isCurrent = () => true,
  panelHeadingLevel = 2,
  children,
}: DataAreaViewProps<T>) {
  if (area.isError && area.errorStatus === 404 && notFound) {
    return (
      <StatusPanel title={notFound.title} headingLevel={panelHeadingLevel} actions={<ButtonLink to={notFound.link.to}>{notFound.link.label}</ButtonLink>}>
        {notFound.text}
      </StatusPanel>
    );
  }
  if (area.isError && !silentFailure) {
    return (
      <StatusPanel title={failure.title} headingLevel={panelHeadingLevel} role="alert" actions={<Button onClick={onRetry}>Try again</Button>}>
        {failure.text ?? `${sentence(area.message)} Please check your connection and try again.`}
      </StatusPanel>
    );
  }
  if (area.isError) return <>{empty}</>;
  const data = area.data as T;
  if (!area.isSuccess || !isCurrent(data)) {
    return (
      <div className="ui-data-area-loading" aria-busy="true">
        {placeholder}
        <p role="status" className="visually-hidden">
          {loadingLabel}
        </p>
      </div>
    );
  }
  if (empty !== undefined && Array.isArray(data) && data.length === 0) return <>{empty}</>;
  return <>{children(data)}</>;
}

export interface ItemAreaViewProps<T extends { _id: string }> extends Omit<DataAreaViewProps<T>, 'area' | 'isCurrent' | 'onRetry' | 'empty' | 'silentFailure'> {
  /** The data area of one thing, fetched by its id. */
  area: ViewedArea<T> & { run: (id: string) => unknown };
  /** The id in the page's path. */
  id: string;
}

/**
 * The data area of a page of one thing (a course, an order): the thing held counts only once it is this
 * page's (not the one shown before the path changed), and Try again fetches this id again.
 */
export function ItemAreaView<T extends { _id: string }>({ area, id, ...view }: ItemAreaViewProps<T>) {
  return <DataAreaView area={area} isCurrent={(shown) => shown._id === id} onRetry={() => void area.run(id)} {...view} />;
}

export interface ItemPageViewProps<T extends { _id: string }> extends Omit<ItemAreaViewProps<T>, 'area' | 'id'> {
  /** The data area of one thing, fetched by the id in the page's path (`/course/:id`). */
  useArea: DataAreaStore<T, [id: string]>;
}

/**
 * The page of one thing at a path ending in `:id` (a course, an event, an article): every such page reads the id,
 * fetches that thing's data area and shows it with ItemAreaView, so it is done here once. The thing's title is
 * the page's h1, so 'not found' or a failure in its place is too.
 */
export function ItemPageView<T extends { _id: string }>({ useArea, ...view }: ItemPageViewProps<T>) {
  const { id = '' } = useParams();
  const area = useDataAreaFor(useArea, id);
  return <ItemAreaView area={area} id={id} panelHeadingLevel={1} {...view} />;
}
