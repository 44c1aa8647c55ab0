import { messageOf } from '@agri/api-client';
import { useState } from 'react';
import { toast } from '../toasts/toast';

export interface ActionWords {
  /** The toast once it is done (none when left out); `info` where the spec shows that kind. */
  done?: string | null;
  doneAs?: 'success' | 'info';
  /** The toast when it fails: the error's own message, else this; or what the page says whatever the error. */
  failed: string | ((error: unknown) => string);
}

export interface Action<Key> {
  /** Something is being done: the controls wait meanwhile. */
  busy: boolean;
  /** What is being done (the key it was given, such as a row's id), or null. */
  busyWith: Key | null;
  /** Does `work` once at a time, then tells the visitor how it went; resolves with whether it was done. */
  act(work: () => Promise<unknown>, words: ActionWords, key?: Key): Promise<boolean>;
}

/**
 * A press that changes something outside a form (cancel an order, move a lead, publish a course, add to the cart):
 * busy while it runs, a toast with what happened or why it did not. The one way to write it; a form's submit is
 * useSiteForm's (@agri/ui/forms). In the main entry: a page without a form loads no form library for it.
 */
export function useAction<Key = never>(): Action<Key> {
  const [running, setRunning] = useState<{ key: Key | null } | null>(null);
  const act: Action<Key>['act'] = async (work, { done, doneAs = 'success', failed }, key) => {
    setRunning({ key: key ?? null });
    try {
      await work();
      if (done) toast[doneAs](done);
      return true;
    } catch (error) {
      toast.error(typeof failed === 'function' ? failed(error) : messageOf(error, failed));
      return false;
    } finally {
      setRunning(null);
    }
  };
  return { busy: running !== null, busyWith: running?.key ?? null, act };
}
