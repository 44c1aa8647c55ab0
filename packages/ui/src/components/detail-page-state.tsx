import type { ReactNode } from 'react';
import { Button, ButtonLink } from './button';
import { StatusPanel } from './status-panel';

/** What a detail page needs of its data area (a DataAreaState of @agri/api-client fits). */
interface DetailArea {
  isError: boolean;
  /** 404 means the thing does not exist; any other failure may pass on a retry. */
  errorStatus: number | null;
  message: string;
}

interface DetailPageStateProps {
  area: DetailArea;
  /** The data for this page has arrived (not the previous page's). */
  ready: boolean;
  /** Shown until it has. */
  skeleton: ReactNode;
  /** The 404 panel: a title, a sentence and a link on to the list. */
  notFound: { title: string; text: ReactNode; link: { to: string; label: string } };
  /** Any other failure: a title and what went wrong (the area's message), with Try again. */
  failure: { title: string; text: ReactNode };
  onRetry: () => void;
  /** The page itself, once `ready`. */
  children: ReactNode;
}

/** The one switch of a detail page (a course, an event, a post): skeleton, not found, error with retry, or content. */
export function DetailPageState({ area, ready, skeleton, notFound, failure, onRetry, children }: DetailPageStateProps) {
  if (area.isError && area.errorStatus === 404) {
    return (
      <StatusPanel title={notFound.title} actions={<ButtonLink to={notFound.link.to}>{notFound.link.label}</ButtonLink>}>
        {notFound.text}
      </StatusPanel>
    );
  }
  if (area.isError) {
    return (
      <StatusPanel title={failure.title} role="alert" actions={<Button onClick={onRetry}>Try again</Button>}>
        {failure.text}
      </StatusPanel>
    );
  }
  return ready ? children : skeleton;
}
