import { cityOf, type Event, venueOf } from '@agri/api-client';
import { ButtonLink, CardListAreaView, Picture, Skeleton, StatusPanel, formatKes } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { SafeHtml } from '@agri/ui/rich-text';
import { CalendarIcon, ClockIcon, PinIcon, eventDates, eventTimes } from '../../features/events/event-when';
import { useUpcomingEvents } from '../../features/events/use-upcoming-events';
import { upcomingUntil } from '../../shared/dates';
import '../../features/events/events.css';

const eventPath = (event: Event) => `/event/${encodeURIComponent(event._id)}`;

/** `first`: the top card's picture is in view on arrival, so it is fetched first (LCP). */
function EventCard({ event, first }: { event: Event; first: boolean }) {
  const headingId = `event-${event._id}-title`;
  return (
    <li className="event-card ui-card">
      <article aria-labelledby={headingId}>
        <Picture
          image={event.images[0]}
          alt=""
          className="event-card__image"
          width={800}
          height={500}
          sizes="(min-width: 1200px) 584px, (min-width: 768px) 50vw, 100vw"
          priority={first}
        />
        <p className="event-card__when">
          <span>
            <CalendarIcon />
            {eventDates(event)}
          </span>
          <span>
            <ClockIcon />
            {eventTimes(event)}
          </span>
        </p>
        <h2 id={headingId} className="event-card__title">
          {event.title}
        </h2>
        <p className="event-card__place">
          <PinIcon />
          {venueOf(event)}, {cityOf(event)}, Kenya
        </p>
        <SafeHtml html={event.description} className="event-card__description" />
        <div className="event-card__footer">
          <p className="event-card__price">{formatKes(event.price)}</p>
          <ButtonLink to={eventPath(event)} aria-label={`Book Now: ${event.title}`}>
            Book Now
          </ButtonLink>
        </div>
      </article>
    </li>
  );
}

function EventCardSkeleton() {
  return (
    <li className="event-card ui-card" data-testid="event-skeleton-card">
      <Skeleton height="1em" width="60%" />
      <Skeleton height="1.6em" width="85%" className="event-card__skeleton-gap" />
      <Skeleton height="1em" width="50%" className="event-card__skeleton-gap" />
      <Skeleton height="3.2em" className="event-card__skeleton-gap" />
      <Skeleton height="44px" width="40%" className="event-card__skeleton-gap" />
    </li>
  );
}

/** The upcoming events, or why there are none (an island: it acts when they change, or when one ends). */
export function UpcomingEventList() {
  const { area, events } = useUpcomingEvents();
  return (
    <CardListAreaView
      area={{ ...area, data: events }}
      listName="Upcoming Events"
      pathOf={eventPath}
      loadingLabel="Loading events"
      failure={{ title: 'We could not load the events' }}
      empty={
        <StatusPanel title="No upcoming events." actions={<ButtonLink to="/courses">Browse our courses</ButtonLink>}>
          New forums and workshops are announced here first. Meanwhile, our courses run all year.
        </StatusPanel>
      }
      grid={(cards) => <ul className="event-grid">{cards}</ul>}
      cardPlaceholder={<EventCardSkeleton />}
      card={(event, first) => <EventCard event={event} first={first} />}
    />
  );
}

/** /events: the upcoming events as cards, each leading to its booking page. */
export default function EventsPage() {
  const { events } = useUpcomingEvents();
  return (
    <section className="page-section events-page">
      <div className="container">
        <header className="ui-page-intro">
          <p className="ui-eyebrow">Forums, workshops and bootcamps</p>
          <h1>Upcoming Events</h1>
          <p>Meet regulators, buyers and fellow processors, and learn hands-on from our consultants.</p>
        </header>
        <Island name="catalog/events" component={UpcomingEventList} props={{}} hydration="changed" until={upcomingUntil(events ?? [])} />
      </div>
    </section>
  );
}
