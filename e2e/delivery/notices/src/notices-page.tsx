export default function NoticesPage() {
  return (
    <section style={{ padding: '2rem 1rem' }}>
      <h1>Notices</h1>
      <p>Served by the notices remote, live by promotion alone.</p>
    </section>
  );
}
