import { cityOf, sharePictureUrl, type Event, venueOf } from '@agri/api-client';
import { Button, ItemPageView, PageHead, StructuredDataScript, htmlToText, pageTitle, truncateText, usePageDialog } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { SafeHtml } from '@agri/ui/rich-text';
import { BookingDialog } from '../../features/booking/booking-dialog';
import { useEventStore } from '../../features/events/events-store';
import { eventData } from '../../features/seo/structured-data';
import { EventVideo } from '../../features/events/event-video';
import { CalendarIcon, ClockIcon, PinIcon, eventDates, eventTimes } from '../../features/events/event-when';
import { ChatEnquiryLink } from '../../features/detail/chat-enquiry-link';
import { DetailPage, DetailSkeleton } from '../../features/detail/detail-page';
import { formatShortDate } from '../../shared/dates';
import '../../features/events/events.css';
import './event-page.css';

function EventDetails({ event }: { event: Event }) {
  // In the page, form and all: Book Event opens it at the first tap, before the page's code has come.
  const booking = usePageDialog('book-event');
  const facts: Array<[string, string]> = [
    ['Start date', formatShortDate(event.startDate)],
    ['End date', formatShortDate(event.endDate)],
    ['Course length', event.courseLength ? `${event.courseLength} ${event.courseLength === 1 ? 'day' : 'days'}` : 'N/A'],
    ['Class duration', event.classDuration ? `${event.classDuration} minutes` : 'N/A'],
  ];

  return (
    <>
      <PageHead
        title={pageTitle(event.title)}
        description={truncateText(htmlToText(event.description), 155)}
        keywords={`${event.title}, agri-food events Kenya, food safety forum`}
        image={sharePictureUrl(event.images[0]) ?? undefined}
      />
      <StructuredDataScript data={eventData(window.location.origin, event)} />
      <DetailPage
        page="event-page"
        list={{ label: 'Events', to: '/events' }}
        title={event.title}
        summary={
          <p className="event-page__speaker">
            <span className="detail-label">Speaker</span> {event.speaker}
          </p>
        }
        card={{
          label: 'Booking',
          className: 'event-booking-card',
          price: event.price,
          children: (
            <>
              <ul className="event-booking-card__details">
                <li>
                  <CalendarIcon />
                  {eventDates(event)}
                </li>
                <li>
                  <ClockIcon />
                  {eventTimes(event)}
                </li>
                <li>
                  <PinIcon />
                  {venueOf(event)}, {cityOf(event)}, Kenya
                </li>
              </ul>
              <div className="event-booking-card__actions">
                <Button {...booking.button}>Book Event</Button>
                <ChatEnquiryLink about={`the event "${event.title}" on ${eventDates(event)}`} price={event.price} />
              </div>
            </>
          ),
        }}
      >
        <dl className="event-page__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="detail-label">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="event-overview" className="event-page__section">
          <h2 id="event-overview">Overview</h2>
          <SafeHtml html={event.description} className="event-page__html" />
        </section>
        <EventVideo title={event.title} poster={event.images[0]} />
      </DetailPage>
      <BookingDialog event={event} {...booking.dialog} />
    </>
  );
}

/** The event fetched by id, with its booking card: an island, hydrated at the first tap in it or when the event changed. */
export function EventArticle() {
  return (
    <article className="event-page">
      <ItemPageView
        useArea={useEventStore}
        placeholder={<DetailSkeleton page="event-page" cardClassName="event-booking-card" />}
        loadingLabel="Loading event"
        notFound={{
          title: 'Event not found',
          text: 'This event may have ended or been moved. Have a look at what is coming up.',
          link: { to: '/events', label: 'See upcoming events' },
        }}
        failure={{ title: 'We could not load this event' }}
      >
        {(shown) => <EventDetails event={shown} />}
      </ItemPageView>
    </article>
  );
}

/** /event/:id. */
export default function EventPage() {
  return <Island name="catalog/event" component={EventArticle} props={{}} hydration={['changed', 'interaction']} />;
}
