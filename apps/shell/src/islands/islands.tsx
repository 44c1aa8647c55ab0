// A document with islands (docs/composition.md, "Islands"): the page's inline loader (tooling/prerender/
// island-loader.js) asks for the shell's code only when an island needs it; from then on the shell
// hydrates each island it is asked for, as a React root of its own, with the component its owner exposes.
import { restoreDataAreas, markPageTakenOver, useSession } from '@agri/api-client';
import { ToastArea } from '@agri/ui';
import { ISLAND, type IslandModules } from '@agri/ui/federation';
import { startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useComposition } from '../composition/composition-store';
import { loadIslands, resetRemote } from '../federation/remotes';
import { NewsletterForm } from '../frame/newsletter-form';
import { SiteHeader } from '../frame/site-header';
import type { PrerenderedPage } from '../prerender/prerendered-page';
import { IslandFrame } from './island-frame';

/** The page's inline loader, as the shell finds it on `window.agriIslands`. */
export interface IslandLoader {
  /** Islands asked for before the shell's code was in. */
  queue: HTMLElement[];
  /** Asks for an island (once): the shell hydrates it. */
  ask: (island: HTMLElement) => void;
  /** Set by the shell: hydrates an island asked for from now on. */
  hydrate: ((island: HTMLElement) => void) | null;
  /** The island is in: what the visitor did while it started is carried out. */
  hydrated: (island: HTMLElement) => void;
  /** Set by the shell when it renders the page afresh: the loader holds nothing more. */
  wholePage: boolean;
  /** The island's code could not come: it says so, with Retry. */
  failed: (island: HTMLElement) => void;
  /**
   * The shell's code came but could not start (a chunk lost on the way): every island waiting says it is
   * unavailable, without Retry (the chunk that failed is not asked for again in this page); index.ts offers Reload.
   */
  startFailed: () => void;
  /** config.json as the loader read it, for reports.js (reports/document-reports.ts). */
  config?: unknown;
}

declare global {
  interface Window {
    agriIslands?: IslandLoader;
  }
}

/** The shell's own islands: the parts of the frame that act. */
const shellIslands: Record<string, ComponentType> = { header: SiteHeader, newsletter: NewsletterForm };

/** React's prefix for an island's ids (useId): the same when the prerenderer wrote it alone (prerender-hooks.tsx). */
export const islandIdPrefix = (index: string | number): string => `island${index}-`;

/** Remotes whose islands could not come: asked afresh at the next attempt (Retry). */
const failedOwners = new Set<string>();

async function componentOf(name: string): Promise<ComponentType> {
  const [owner, island = ''] = name.split('/');
  if (owner === 'shell') {
    const component = shellIslands[island];
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
