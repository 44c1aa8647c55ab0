import { createStore, useStore, type StateCreator, type StoreApi, type UseBoundStore } from 'zustand';

/**
 * A zustand store that React reads as it is now in every render. zustand hands React the store's *initial*
 * state as the server snapshot, which React reads while it prerenders a page and while it takes a
 * prerendered page over; those renders must see what the store holds now (the routes that are in, the
 * answer the page showed), or the page would be built without them.
 */
export function createLiveStore<T>(initializer: StateCreator<T, [], []>): UseBoundStore<StoreApi<T>> {
  const api = createStore<T>()(initializer);
  api.getInitialState = api.getState;
  const useLiveStore = ((selector?: (state: T) => unknown) => useStore(api, selector as (state: T) => T)) as UseBoundStore<StoreApi<T>>;
  return Object.assign(useLiveStore, api);
}
