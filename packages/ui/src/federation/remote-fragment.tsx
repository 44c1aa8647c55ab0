import type { ComponentType, ReactNode } from 'react';
import { LazyMount } from './lazy-mount';

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

const loaders = new Map<string, () => Promise<FragmentModule>>();

/** A stable loader per fragment, so its lazy component is made once. */
function fragmentLoaderFor(remote: string, fragment: string) {
  const key = `${remote}/${fragment}`;
  let loader = loaders.get(key);
  if (!loader) {
    loader = () => (fragmentLoader ? fragmentLoader(remote, fragment) : Promise.reject(new Error('No fragment loader registered')));
    loaders.set(key, loader);
  }
  return loader;
}

interface RemoteFragmentProps {
  remote: string;
  fragment: string;
  /** Shown while the fragment loads. */
  loading?: ReactNode;
  /** Shown when the owning remote is absent or broken; the host page carries on. */
  fallback: ReactNode;
  /** Loads the fragment (and its remote) only when it comes near the screen (see LazyMount). */
  whenNearScreen?: boolean;
}

/** Renders a fragment another remote exposes, surviving that remote's absence. */
export function RemoteFragment({ remote, fragment, loading = null, fallback, whenNearScreen }: RemoteFragmentProps) {
  return (
    <LazyMount
      moduleKey={`${remote}/${fragment}`}
      load={fragmentLoaderFor(remote, fragment)}
      loading={loading}
      fallback={() => fallback}
      whenNearScreen={whenNearScreen}
    />
  );
}
