import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * Whether the page's controls answer yet. A prerendered page is on screen before its code: until the shell
 * takes it over, a control that needs code (a dialog, a copy, a menu) is disabled rather than dead to the
 * touch. React reads the server snapshot (false) while prerendering and while taking a page over.
 */
export const useInteractive = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
