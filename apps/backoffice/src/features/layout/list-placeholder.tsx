import { Skeleton } from '@agri/ui';

/** A list's rows while they load. */
export function ListPlaceholder() {
  return (
    <div className="staff-card staff-placeholder">
      {[1, 2, 3, 4, 5].map((row) => (
        <Skeleton key={row} height="1.5em" />
      ))}
    </div>
  );
}
