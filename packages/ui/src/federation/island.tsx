import { createContext, useContext, type ComponentType } from 'react';
import { ISLAND, type IslandHydration, type IslandName } from './island-protocol';

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

/** Set inside an island's own root, where an Island is an error: islands do not nest (each is one React root). */
export const InsideIslandContext = createContext(false);

/** The comment an island's element holds until the prerenderer writes the island there. */
export const islandSlot = (index: number): string => `<!--island:${index}-->`;

export interface IslandProps<P extends object> {
  name: IslandName;
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
  // Drawn in place, the inner one would be hydrated twice or never: the prerenderer stops at this, and so do tests.
  if (inside) throw new Error(`the island ${name} is inside another island: islands do not nest`);
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
