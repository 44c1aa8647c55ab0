import { PageHead, Spinner } from '@agri/ui';
import { LazyMount, type PageRoute } from '@agri/ui/federation';
import { useParams } from '@agri/ui/router';
import { useEffect } from 'react';
import { report, reportError, sourceOf } from '../reports/browser-reports';
import { UnavailablePanel } from './unavailable-panel';

const STALE_CHUNK_RELOAD_KEY = 'shell:stale-chunk-reload';

const isChunkLoadError = (error: unknown) => error instanceof Error && error.name === 'ChunkLoadError';

/** A page whose code failed to load or which threw while rendering: reported, attributed to the app whose code it is. */
function pageFailed(error: unknown) {
  if (isChunkLoadError(error)) {
    const chunk = (error as Error & { request?: string }).request ?? (error as Error).message;
    report({ kind: 'remote-failure', remote: sourceOf(chunk), phase: 'chunk', message: (error as Error).message.slice(0, 300) });
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

function LoadedMarker() {
  useEffect(() => sessionStorage.removeItem(STALE_CHUNK_RELOAD_KEY), []);
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
        <LoadedMarker />
      </LazyMount>
    </>
  );
}
