import { cityOf, venueOf } from '@agri/api-client';
import { Link } from '@agri/ui/router';
import { DataAreaView, Icon, Skeleton } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { CalendarIcon, PinIcon, eventDates } from '../features/events/event-when';
import { useUpcomingEvents } from '../features/events/use-upcoming-events';
import { upcomingUntil } from '../shared/dates';
import './upcoming-events.css';

/** How many events the home page lists; the rest are one click away on /events. */
const MAX_ROWS = 4;

/** The rows, or why there are none: a failed load reads like an empty list, as the spec says. */
export function UpcomingEventRows() {
  const { area, events } = useUpcomingEvents();
  return (
    <div className="upcoming-events">
      <DataAreaView
        area={{ ...area, data: events }}
        placeholder={
          <ul className="upcoming-events__list">
            {Array.from({ length: 3 }, (_, index) => (
              <li key={index} className="upcoming-events__row" data-testid="upcoming-event-skeleton">
                <Skeleton height="3.5em" />
              </li>
            ))}
          </ul>
        }
        loadingLabel="Loading upcoming events"
        failure={{ title: 'We could not load the events' }}
        silentFailure
        onRetry={() => void area.run()}
        empty={<p className="upcoming-events__empty">No upcoming events.</p>}
      >
        {(upcoming) => (
          <ul className="upcoming-events__list">
            {upcoming.slice(0, MAX_ROWS).map((event) => (
              <li key={event._id} className="upcoming-events__row">
                <div className="upcoming-events__text">
                  <p className="upcoming-events__title">{event.title}</p>
                  <p className="upcoming-events__meta">
                    <span>
                      <CalendarIcon />
                      {eventDates(event)}
                    </span>
                    <span>
                      <PinIcon />
                      {venueOf(event)}, {cityOf(event)}
                    </span>
                  </p>
                </div>
                <Link to={`/event/${encodeURIComponent(event._id)}`} className="upcoming-events__arrow" aria-label={`View event: ${event.title}`}>
                  <Icon size={22} stroke={2.5}>
                    <path d="M5 12h14M13 6l6 6-6 6" />
                  </Icon>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DataAreaView>
    </div>
  );
}

/**
 * The home page's 'Upcoming Forums' list (exposed as `./upcoming-events`). The host page gives the heading and the
 * 'More Events' link, so both stay when this remote is down. An island: it acts when the events change, or when the
 * first of them ends.
 */
export default function UpcomingEvents() {
  const { events } = useUpcomingEvents();
  return <Island name="catalog/upcoming-events" component={UpcomingEventRows} props={{}} hydration="changed" until={upcomingUntil(events ?? [])} />;
}
