import type { ReactNode } from 'react';
import { DataAreaView } from '@agri/ui';
import { Link, useParams } from '@agri/ui/router';
import { useDataAreaFor, type DataAreaStore } from '@agri/api-client';
import { ListPlaceholder } from './list-placeholder';

interface ItemPageProps<T> {
  /** The data area of one thing, fetched by the `:id` of the path. */
  store: DataAreaStore<T, [string]>;
  /** The thing's id as the server gives it (a lead's `id`, an order's `_id`). */
  idOf: (item: T) => string;
  /** What the page shows, in the words of its states: 'Loading the lead', 'Lead not found'. */
  thing: string;
  /** The list it is opened from: the link back to it, and the way on when the thing does not exist. */
  list: { to: string; name: string };
  /** Said when the thing does not exist (404), after '<Thing> not found'. */
  notFoundText: string;
  children: (item: T) => ReactNode;
}

/**
 * A back-office page of one thing (a lead, an order), every one worded alike: the link back to its list, then
 * the thing once the area holds this page's own (not the one shown before the path changed), 'not found', or
 * the failure with Try again, which fetches this id again.
 */
export function ItemPage<T>({ store, idOf, thing, list, notFoundText, children }: ItemPageProps<T>) {
  const { id = '' } = useParams();
  const area = useDataAreaFor(store, id);
  return (
    <>
      <p>
        <Link to={list.to}>{`← ${list.name}`}</Link>
      </p>
      <DataAreaView
        area={area}
        isCurrent={(item) => idOf(item) === id}
        placeholder={<ListPlaceholder />}
        loadingLabel={`Loading the ${thing}`}
        notFound={{
          title: `${thing.charAt(0).toUpperCase()}${thing.slice(1)} not found`,
          text: notFoundText,
          link: { to: list.to, label: `Back to the ${list.name.toLowerCase()}` },
        }}
        failure={{ title: `Could not load the ${thing}` }}
        onRetry={() => void area.run(id)}
      >
        {children}
      </DataAreaView>
    </>
  );
}
