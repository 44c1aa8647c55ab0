import { Fragment, type CSSProperties, type ReactNode } from 'react';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** A grey placeholder shaped like the content that is still loading. */
export function Skeleton({ width = '100%', height = '1em', className }: SkeletonProps) {
  return <span className={['ui-skeleton', className].filter(Boolean).join(' ')} style={{ width, height }} aria-hidden="true" data-testid="skeleton" />;
}

/** `count` copies of one placeholder: the cards or lines a list or a page shows while it loads. */
export function Placeholders({ count, children }: { count: number; children: ReactNode }) {
  return Array.from({ length: count }, (_, index) => <Fragment key={index}>{children}</Fragment>);
}
