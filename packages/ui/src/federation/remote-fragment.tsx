import { Component, Suspense, lazy, useMemo, type ComponentType, type ReactNode } from 'react';

type FragmentModule = { default: ComponentType };
type FragmentLoader = (remote: string, fragment: string) => Promise<FragmentModule>;

let fragmentLoader: FragmentLoader | null = null;

/**
 * The shell owns federation; it registers how fragments are fetched so that a
 * remote can show another remote's fragment without knowing where it is served.
 */
export function setFragmentLoader(loader: FragmentLoader): void {
  fragmentLoader = loader;
}

class FragmentBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface RemoteFragmentProps {
  remote: string;
  fragment: string;
  /** Shown while the fragment loads. */
  loading?: ReactNode;
  /** Shown when the owning remote is absent or broken; the host page carries on. */
  fallback: ReactNode;
}

/** Renders a fragment another remote exposes, surviving that remote's absence. */
export function RemoteFragment({ remote, fragment, loading = null, fallback }: RemoteFragmentProps) {
  const Fragment = useMemo(
    () =>
      lazy(() =>
        fragmentLoader ? fragmentLoader(remote, fragment) : Promise.reject(new Error('No fragment loader registered')),
      ),
    [remote, fragment],
  );
  return (
    <FragmentBoundary fallback={fallback}>
      <Suspense fallback={loading}>
        <Fragment />
      </Suspense>
    </FragmentBoundary>
  );
}
