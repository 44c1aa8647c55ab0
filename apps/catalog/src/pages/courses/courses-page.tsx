import { StatusPanel } from '@agri/ui';

export default function CoursesPage() {
  return (
    <section className="page-section">
      <div className="container">
        <h1>Our Courses</h1>
        <StatusPanel title="Courses are on their way">The course list is being prepared.</StatusPanel>
      </div>
    </section>
  );
}
