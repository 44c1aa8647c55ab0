import { createContext, useContext, type ComponentType } from 'react';

/**
 * When an island of a document with islands gets its code (docs/composition.md, "Islands"), one or more of:
 * - `interaction`: at the visitor's first touch, focus or key in it; a tap on one of its buttons, or a form sent,
 *   before the code is in shows that it is starting and is carried out once it is;
 * - `changed`: when an API answer the page was made from has changed (a data area's part of the page);
 * - `visible`: when it comes near the window (a carousel further down the page: it moves only where it is seen).
 */
export type IslandHydration = 'interaction' | 'changed' | 'visible';

/** The attributes of an island's element, which the page's inline loader and the shell read. */
export const ISLAND = {
  /** `<owner>/<name>`: `shell/<name>` is the shell's own; any other owner is a remote exposing it in `./islands`. */
  name: 'data-island',
  hydration: 'data-island-hydration',
  /** The island's props, as JSON. */
  props: 'data-island-props',
  /** Its place among the page's islands: React's identifierPrefix, the same when prerendered and hydrated. */
  index: 'data-island-index',
  /** When what it shows stops holding (IslandProps.until). */
  until: 'data-island-until',
} as const;

/** The component a remote exposes for each of its islands, in its `./islands` module. */
export type IslandModules = Record<string, () => Promise<{ default: ComponentType<never> }>>;

export interface IslandCollector {
  /** Notes an island of the page being prerendered; its place among the page's islands. */
  add(island: { name: string; component: ComponentType<never>; props: object }): number;
}

/**
 * Given by the prerenderer while it writes a document with islands: each island's element is then written
 * empty, with a slot the prerenderer fills with the island rendered alone, as the browser will hydrate it.
 */
export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** Inside an island's own root, an island is part of it (islands do not nest). */
export const InsideIslandContext = createContext(false);

/** The comment an island's element holds until the prerenderer writes the island there. */
export const islandSlot = (index: number): string => `<!--island:${index}-->`;

export interface IslandProps<P extends object> {
  name: string;
  component: ComponentType<P>;
  props: P;
  /** One or both: a part of the page that shows API data and has controls is hydrated at whichever comes first. */
  hydration: IslandHydration | IslandHydration[];
  /**
   * The moment (ISO) what it shows stops holding though no answer changed: an event that has ended drops off a
   * list of upcoming ones. It is hydrated then, or at once on a page opened later (a copy kept for offline reading,
   * a page made before midnight).
   */
  until?: string | null;
}

/**
 * A part of a public page that acts, made so that on a document with islands it is its own React root, loaded and
 * hydrated only when needed; everywhere else (the application's pages) it renders its component in place. Its
 * props must be plain data (they travel in the page as JSON), and it must render the same for the same props and
 * data areas.
 */
export function Island<P extends object>({ name, component: Component, props, hydration, until }: IslandProps<P>) {
  const collector = useContext(IslandCollectorContext);
  const inside = useContext(InsideIslandContext);
  if (inside) return <Component {...props} />;
  const attributes = {
    [ISLAND.name]: name,
    [ISLAND.hydration]: [hydration].flat().join(' '),
    [ISLAND.props]: JSON.stringify(props),
    ...(until ? { [ISLAND.until]: until } : {}),
    className: 'island',
  };
  if (collector) {
    const index = collector.add({ name, component: Component as ComponentType<never>, props });
    return <div {...attributes} {...{ [ISLAND.index]: index }} dangerouslySetInnerHTML={{ __html: islandSlot(index) }} />;
  }
  return (
    <div {...attributes}>
      <Component {...props} />
    </div>
  );
}
