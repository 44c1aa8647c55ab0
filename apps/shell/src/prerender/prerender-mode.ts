// window.__prerender is declared with the rest of what the shell and the prerenderer agree on: the types only.
import type {} from './prerender-contract';

/** Whether the prerenderer (tooling/prerender) opened this page: it then waits for the shell's hooks. */
export const openedByPrerenderer = (): boolean => window.__prerender === true;
