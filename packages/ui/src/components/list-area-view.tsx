import { itemList } from '../seo/structured-data';
import { StructuredDataScript } from '../seo/structured-data-script';
import { DataAreaView, type DataAreaViewProps } from './data-area-view';

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
