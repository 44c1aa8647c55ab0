import type { PrerenderHooks } from './prerender-hooks';

declare global {
  interface Window {
    /** `true` when the prerenderer opened the page (it sets it before any script runs); then the shell's hooks. */
    __prerender?: true | PrerenderHooks;
  }
}

/** Whether the prerenderer (tooling/prerender) opened this page: it then waits for the shell's hooks. */
export const openedByPrerenderer = (): boolean => window.__prerender === true;
