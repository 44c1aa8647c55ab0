// A document with islands (docs/composition.md, "Islands"): the page's inline loader (./loader) asks for the
// shell's code only when an island needs it; from then on the shell hydrates each island it is asked for, as a
// React root of its own, with the component its owner exposes.
import { restoreDataAreas, markPageTakenOver, useSession } from '@agri/api-client';
import { ToastArea } from '@agri/ui';
import type { IslandModules } from '@agri/ui/federation';
import { ISLAND, type IslandLoader } from '@agri/ui/island-protocol';
import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useComposition } from '../composition/composition-store';
import { loadIslands, resetRemote } from '../federation/remotes';
import { NewsletterForm } from '../frame/newsletter-form';
import { SiteHeader } from '../frame/site-header';
import type { PrerenderedPage } from './page-state';
import { IslandFrame } from './island-frame';

/** The shell's own islands: the parts of the frame that act. */
const shellIslands = { header: SiteHeader, newsletter: NewsletterForm } satisfies Record<string, ComponentType>;

declare module '@agri/ui/island-protocol' {
  /** A page names one of these islands, or the type-check fails. */
  interface IslandNames extends Record<`shell/${keyof typeof shellIslands}`, true> {}
}

/** React's prefix for an island's ids (useId): the same when the prerenderer wrote it alone (prerender-hooks.tsx). */
export const islandIdPrefix = (index: string | number): string => `island${index}-`;

/** Remotes whose islands could not come: asked afresh at the next attempt (Retry). */
const failedOwners = new Set<string>();

async function componentOf(name: string): Promise<ComponentType> {
  const [owner, island = ''] = name.split('/');
  if (owner === 'shell') {
    const component = Object.hasOwn(shellIslands, island) ? shellIslands[island as keyof typeof shellIslands] : undefined;
    if (!component) throw new Error(`the shell has no island ${island}`);
    return component;
  }
  if (!owner || !useComposition.getState().remotes[owner]) throw new Error(`no remote ${owner} is live for the island ${name}`);
  if (failedOwners.delete(owner)) resetRemote(owner);
  let modules: IslandModules;
  try {
    modules = await loadIslands(owner);
  } catch (error) {
    failedOwners.add(owner);
    throw error;
  }
  const load = modules[island];
  if (!load) throw new Error(`${owner} exposes no island ${island}`);
  return (await load()).default as ComponentType;
}

const reportRecoverableError = (error: unknown) => console.warn('[shell] an island was rendered afresh:', error);

/**
 * Hydrates the islands of this document as they are asked for. The data areas start from the page's answers;
 * once an island that shows them is in, they ask the API again (a changed answer is why it was asked for).
 */
export function startIslands(page: PrerenderedPage, loader: IslandLoader): void {
  restoreDataAreas({ areas: page.dataAreas, validators: page.validators });
  // One place for the toasts every island may show.
  createRoot(document.body.appendChild(document.createElement('div'))).render(<ToastArea />);
  let starting = 0;
  const settled = () => {
    starting -= 1;
    if (starting === 0) {
      document.documentElement.dataset.shell = 'ready';
      markPageTakenOver();
    }
  };
  const hydrate = (island: HTMLElement) => {
    starting += 1;
    const name = island.getAttribute(ISLAND.name) ?? '';
    componentOf(name).then(
      (Component) => {
        const props = JSON.parse(island.getAttribute(ISLAND.props) ?? '{}') as object;
        const onHydrated = () => {
          loader.hydrated(island);
          settled();
        };
        startTransition(() => {
          hydrateRoot(
            island,
            <IslandFrame route={page.islands.route} onHydrated={onHydrated}>
              <Component {...props} />
            </IslandFrame>,
            { identifierPrefix: islandIdPrefix(island.getAttribute(ISLAND.index) ?? ''), onRecoverableError: reportRecoverableError },
          );
        });
      },
      (error: unknown) => {
        console.error(`[shell] the island ${name} could not load:`, error);
        loader.failed(island);
        settled();
      },
    );
  };
  loader.hydrate = hydrate;
  for (const island of loader.queue.splice(0)) hydrate(island);
  // The session changed in another island (a course added to the cart, a logout): the header shows it, so it is
  // hydrated now if it was not.
  useSession.subscribe(() => {
    for (const header of document.querySelectorAll<HTMLElement>(`[${ISLAND.name}="shell/header"]`)) loader.ask(header);
  });
}
