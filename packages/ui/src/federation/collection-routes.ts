import type { PageHeadInfo } from '../components/page-head';
import type { PageRoute } from './page-route';

/** What a route needs of a data area (a `createDataArea` store fits): asking for its answer ahead. */
interface AskedAhead<Args extends unknown[]> {
  getState: () => { prefetch: (...args: Args) => void };
}

/** One of a collection's two pages: its path, head and code, and the data area it shows. */
interface CollectionPage<Args extends unknown[]> {
  path: string;
  head: PageHeadInfo;
  load: PageRoute['load'];
  area: AskedAhead<Args>;
}

export interface Collection {
  /** The list page: `/courses`. */
  list: CollectionPage<[]>;
  /**
   * The page of one item, at `<path>/:id` (`/course` gives `/course/:id`); `showsList`: it shows the list as well
   * (an article's related posts), so the list's data is asked for ahead too.
   */
  item: CollectionPage<[id: string]> & { showsList?: boolean };
  /** The list call: one item page is prerendered per item it answers. */
  items: () => Promise<{ _id: string }[]>;
}

/**
 * The two public pages of a collection a remote shows (the courses, the events, the articles): the list, and a
 * page per item. Both are prerendered, the item pages one per item of the list call, and each asks for its data
 * area ahead. Every remote's collections are declared the same way, so they are made in one place.
 */
export function collectionRoutes({ list, item, items }: Collection): PageRoute[] {
  const prefetchList = () => list.area.getState().prefetch();
  const itemPath = (id: string) => `${item.path}/${encodeURIComponent(id)}`;
  return [
    { path: list.path, head: list.head, load: list.load, prefetch: prefetchList, prerender: true },
    {
      path: `${item.path}/:id`,
      head: item.head,
      load: item.load,
      prefetch: ({ id = '' }) => {
        item.area.getState().prefetch(id);
        if (item.showsList) prefetchList();
      },
      prerender: async () => (await items()).map(({ _id }) => itemPath(_id)),
    },
  ];
}
