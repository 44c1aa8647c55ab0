import { Fragment, type ReactNode } from 'react';
import { itemList } from '../seo/structured-data';
import { StructuredDataScript } from '../seo/structured-data-script';
import { DataAreaView, type DataAreaViewProps } from './data-area-view';
import { Placeholders } from './skeleton';

export interface ListAreaViewProps<T extends { title: string }> extends Omit<DataAreaViewProps<T[]>, 'area' | 'onRetry' | 'isCurrent'> {
  /** The data area of the list, fetched with no arguments. */
  area: DataAreaViewProps<T[]>['area'] & { run: () => unknown };
  /** The list's name in the structured data: 'Courses'. */
  listName: string;
  /** The page of one item: `/course/<id>`. */
  pathOf: (item: T) => string;
}

/**
 * The data area of a list page (the courses, the events, the articles): DataAreaView, with the list given to
 * search engines as an item list of each item's title and page, and Try again fetching the list again.
 */
export function ListAreaView<T extends { title: string }>({ area, listName, pathOf, children, ...view }: ListAreaViewProps<T>) {
  return (
    <DataAreaView area={area} onRetry={() => void area.run()} {...view}>
      {(items) => (
        <>
          {children(items)}
          <StructuredDataScript
            data={itemList(
              window.location.origin,
              listName,
              items.map((item) => ({ name: item.title, path: pathOf(item) })),
            )}
          />
        </>
      )}
    </DataAreaView>
  );
}

/** How many placeholder cards a list of cards shows while it loads. */
const PLACEHOLDER_CARDS = 4;

export interface CardListAreaViewProps<T extends { _id: string; title: string }> extends Omit<ListAreaViewProps<T>, 'placeholder' | 'children'> {
  /** The element the cards stand in (`<ul className="event-grid">`), the same while loading and once loaded. */
  grid: (cards: ReactNode) => ReactNode;
  /** One card's placeholder, shown four times while the list loads. */
  cardPlaceholder: ReactNode;
  /** An item's card; `first`: the top card, whose picture is in view on arrival, so it is fetched first (LCP). */
  card: (item: T, first: boolean) => ReactNode;
}

/**
 * A list page of cards (the events, the articles): ListAreaView with the cards' grid holding four placeholder
 * cards while the list loads, then a card per item, the first one's picture fetched first.
 */
export function CardListAreaView<T extends { _id: string; title: string }>({ grid, cardPlaceholder, card, ...view }: CardListAreaViewProps<T>) {
  return (
    <ListAreaView {...view} placeholder={grid(<Placeholders count={PLACEHOLDER_CARDS}>{cardPlaceholder}</Placeholders>)}>
      {(items) => grid(items.map((item, index) => <Fragment key={item._id}>{card(item, index === 0)}</Fragment>))}
    </ListAreaView>
  );
}
