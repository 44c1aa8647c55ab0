import { NotFoundPage } from '../pages/not-found-page';
import { selectHasFailedRemote, selectIsSettled, useComposition } from './composition-store';
import { PageLoading } from './remote-page';
import { UnavailablePanel } from './unavailable-panel';

/**
 * A path no mounted route matches: it may belong to a remote whose route table
 * has not arrived or failed to load, so only say "not found" once all are in.
 */
export function UnmatchedRoute() {
  const settled = useComposition(selectIsSettled);
  const hasFailedRemote = useComposition(selectHasFailedRemote);
  const retryFailed = useComposition((state) => state.retryFailed);
  if (!settled) return <PageLoading />;
  if (hasFailedRemote) return <UnavailablePanel onRetry={retryFailed} />;
  return <NotFoundPage />;
}
