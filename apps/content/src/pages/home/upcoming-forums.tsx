import { ButtonLink, Skeleton } from '@agri/ui';
import { RemoteFragment } from '@agri/ui/federation';

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
        <div className="section-heading section-heading--split">
          <div>
            <p className="ui-eyebrow">Events</p>
            <h2 id="forums-title">Upcoming Forums</h2>
          </div>
          <ButtonLink to="/events" variant="secondary">
            More Events
          </ButtonLink>
        </div>
        <RemoteFragment
          remote="catalog"
          fragment="upcoming-events"
          loading={<ForumsLoading />}
          fallback={<p className="forums__empty">No upcoming events.</p>}
        />
      </div>
    </section>
  );
}
