import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, DataAreaView } from '@agri/ui';
import { useLocation, useNavigate } from '@agri/ui/router';
import { messageOf, useDataAreaFor, type DataAreaStore } from '@agri/api-client';
import { ListPlaceholder } from './list-placeholder';
import { downloadCsv, filteredPath, filterFrom } from './staff-filters';

/** The most a list answer holds (the API's limit): a list that full says so rather than a count. */
const LIST_LIMIT = 500;

/** A list's caption: how many it shows ('3 leads'), or that it holds the newest of more. */
export const listCaption = (count: number, one: string) =>
  count === LIST_LIMIT ? `The newest ${LIST_LIMIT} that match` : `${count} ${one}${count === 1 ? '' : 's'}`;

interface FilteredListProps<Filter, Item> {
  heading: string;
  /** The page's address: the filters are written to its query, so a filtered list can be reloaded, shared and gone back to. */
  path: string;
  fields: readonly string[];
  schema: { safeParse(value: unknown): { success: boolean; data?: Filter } };
  store: DataAreaStore<Item[], [Filter]>;
  /** The list as the server exports it (CSV), saved as `<csvName>-<today>.csv`. */
  exportCsv: (filter: Filter) => Promise<Blob>;
  csvName: string;
  /** The filters' fields, as they are now. */
  filters: (filter: Filter) => ReactNode;
  words: { loading: string; failure: string; empty: string };
  /** The list; `reload` asks for it again (after a change made from it). */
  children: (items: Item[], reload: () => void) => ReactNode;
}

/**
 * A staff list page (the inbox, the payments): its heading, the filters' form with Apply and Export CSV, what
 * went wrong with an export, and the list's area (a placeholder, a failure with Retry, the words for none).
 */
export function FilteredList<Filter, Item>({
  heading,
  path,
  fields,
  schema,
  store,
  exportCsv,
  csvName,
  filters,
  words,
  children,
}: FilteredListProps<Filter, Item>) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filter = filterFrom<Filter>(search, fields, schema);
  const area = useDataAreaFor(store, filter);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const reload = () => void area.run(filter);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(filteredPath(path, fields, event.currentTarget));
  };
  const download = () => {
    setExportFailure(null);
    exportCsv(filter)
      .then((csv) => downloadCsv(csv, csvName))
      .catch((error: unknown) => setExportFailure(messageOf(error, 'Could not export the list')));
  };

  return (
    <>
      <h1>{heading}</h1>
      <form className="staff-filters" onSubmit={apply} key={search} aria-label="Filters">
        {filters(filter)}
        <div className="staff-actions">
          <Button type="submit">Apply</Button>
          <Button variant="secondary" onClick={download}>
            Export CSV
          </Button>
        </div>
      </form>
      {exportFailure ? (
        <p className="staff-error" role="alert">
          {exportFailure}
        </p>
      ) : null}
      <DataAreaView
        area={area}
        placeholder={<ListPlaceholder />}
        loadingLabel={words.loading}
        failure={{ title: words.failure }}
        onRetry={reload}
        empty={<p role="status">{words.empty}</p>}
      >
        {(items) => children(items, reload)}
      </DataAreaView>
    </>
  );
}
