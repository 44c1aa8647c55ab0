export default function UpcomingEvents() {
  return <p>No upcoming events.</p>;
}
