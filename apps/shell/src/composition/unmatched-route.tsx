import { useEffect } from 'react';
import { useLocation } from '@agri/ui/router';
import { NotFoundPage } from '../pages/not-found-page';
import { selectOwnerOf, useComposition } from './composition-store';
import { PageLoading } from './remote-page';
import { UnavailablePanel } from './unavailable-panel';

/**
 * A path no mounted route matches. If a remote owns it (config.json says which) and its route table is not
 * in yet, load it now: a remote is fetched only when a route first needs it. "Not found" only once the owner
 * has its routes in, or when no remote owns the path at all.
 */
export function UnmatchedRoute() {
  const { pathname } = useLocation();
  const owner = useComposition(selectOwnerOf(pathname));
  const status = useComposition((state) => (owner ? state.remotes[owner] : undefined));
  const ensure = useComposition((state) => state.ensure);
  const retry = useComposition((state) => state.retry);
  useEffect(() => {
    if (owner) void ensure(owner);
  }, [owner, ensure]);
  if (!owner || status?.state === 'ready') return <NotFoundPage />;
  if (status?.state === 'failed') return <UnavailablePanel onRetry={() => retry(owner)} />;
  return <PageLoading />;
}
