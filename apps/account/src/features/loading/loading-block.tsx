import { Skeleton } from '@agri/ui';

/** The loading state of a data area: placeholder lines, announced once to screen readers. */
export interface LoadingBlockProps {
  label: string;
  lines?: number;
  lineHeight?: string;
}

export function LoadingBlock({ label, lines = 3, lineHeight = '1.25rem' }: LoadingBlockProps) {
  return (
    <div className="loading-block" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height={lineHeight} />
      ))}
    </div>
  );
}
