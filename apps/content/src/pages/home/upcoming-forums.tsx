import { Skeleton } from '@agri/ui';
import { RemoteFragment } from '@agri/ui/federation';
import { SectionHeading } from './section-heading';

function ForumsLoading() {
  return (
    <div className="forums__loading" aria-busy="true">
      <Skeleton height="3.5rem" />
      <Skeleton height="3.5rem" />
      <Skeleton height="3.5rem" />
    </div>
  );
}

/**
 * 'Upcoming Forums': the list belongs to the catalog remote, shown through its
 * fragment; when catalog is absent the section still reads sensibly.
 */
export function UpcomingForums() {
  return (
    <section className="page-section forums" aria-labelledby="forums-title">
      <div className="container">
        <SectionHeading eyebrow="Events" id="forums-title" title="Upcoming Forums" link={{ to: '/events', label: 'More Events' }} />
        <RemoteFragment
          remote="catalog"
          fragment="upcoming-events"
          loading={<ForumsLoading />}
          fallback={<p className="forums__empty">No upcoming events.</p>}
          whenNearScreen
        />
      </div>
    </section>
  );
}
