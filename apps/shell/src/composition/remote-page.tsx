import { PageHead, Spinner, forgetLazyModule, lazyModule, type PageRoute } from '@agri/ui';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { UnavailablePanel } from './unavailable-panel';

const STALE_CHUNK_RELOAD_KEY = 'shell:stale-chunk-reload';

const isChunkLoadError = (error: unknown) => error instanceof Error && error.name === 'ChunkLoadError';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a page whose code fails to load or which throws while rendering. */
class PageBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // After a redeploy old chunk names are gone: one reload picks up the new ones.
    if (isChunkLoadError(error) && !sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY)) {
      sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, '1');
      window.location.reload();
      return;
    }
    console.error('[shell] a page failed:', error);
  }

  override render() {
    return this.state.failed ? <UnavailablePanel onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function LoadedMarker() {
  useEffect(() => sessionStorage.removeItem(STALE_CHUNK_RELOAD_KEY), []);
  return null;
}

export function PageLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <Spinner label="Loading page" />
    </div>
  );
}

/** One page of a remote, mounted in the frame, isolated from the rest of the site. */
export function RemotePage({ route }: { route: PageRoute }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyModule(route.path, route.load);
  const retry = () => {
    forgetLazyModule(route.path);
    setAttempt((n) => n + 1);
  };
  return (
    <>
      <PageHead {...route.head} />
      <PageBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          {/* eslint-disable-next-line react-hooks/static-components -- lazyModule returns the same component for the same key */}
          <Page />
          <LoadedMarker />
        </Suspense>
      </PageBoundary>
    </>
  );
}
