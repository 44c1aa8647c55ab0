import { PageHead, Spinner } from '@agri/ui';
import { LazyMount, type PageRoute } from '@agri/ui/federation';
import { useLocation, useParams } from '@agri/ui/router';
import { useEffect } from 'react';
import { keepPageOffline } from '../offline/register';
import { report, reportError, sourceOf } from '../reports/browser-reports';
import { UnavailablePanel } from './unavailable-panel';

const STALE_CHUNK_RELOAD_KEY = 'shell:stale-chunk-reload';

const isChunkLoadError = (error: unknown) => error instanceof Error && error.name === 'ChunkLoadError';

/** A page whose code failed to load or which threw while rendering: reported, attributed to the app whose code it is. */
function pageFailed(error: unknown) {
  if (isChunkLoadError(error)) {
    const chunk = (error as Error & { request?: string }).request ?? (error as Error).message;
    report({ kind: 'remote-failure', remote: sourceOf(chunk), phase: 'chunk', message: (error as Error).message });
  } else {
    reportError(error);
  }
  // After a redeploy old chunk names are gone: one reload picks up the new ones.
  if (isChunkLoadError(error) && !sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY)) {
    sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, '1');
    window.location.reload();
    return;
  }
  console.error('[shell] a page failed:', error);
}

/** The page's code is in: a stale-chunk reload may happen again; a public page is kept for offline reading. */
function LoadedMarker({ publicPage }: { publicPage: boolean }) {
  const { pathname } = useLocation();
  useEffect(() => sessionStorage.removeItem(STALE_CHUNK_RELOAD_KEY), []);
  useEffect(() => {
    if (publicPage) keepPageOffline(pathname);
  }, [publicPage, pathname]);
  return null;
}

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}

/** One page of a remote, mounted in the frame, isolated from the rest of the site. */
export function RemotePage({ route }: { route: PageRoute }) {
  const params = useParams();
  const paramsKey = JSON.stringify(params);
  // The page's data call starts as soon as its route is known, while its code loads.
  useEffect(() => {
    route.prefetch?.(JSON.parse(paramsKey) as Record<string, string>);
  }, [route, paramsKey]);
  return (
    <>
      <PageHead {...route.head} />
      <LazyMount
        moduleKey={route.path}
        load={route.load}
        loading={<PageLoading />}
        fallback={(retry) => <UnavailablePanel onRetry={retry} />}
        onError={pageFailed}
      >
        <LoadedMarker publicPage={Boolean(route.prerender)} />
      </LazyMount>
    </>
  );
}
