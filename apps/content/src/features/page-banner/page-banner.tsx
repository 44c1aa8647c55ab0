import { Breadcrumb } from '@agri/ui';
import '../../styles/content.css';

/** The top of a content page: breadcrumb from Home, the title and one line on what the page holds. */
export function PageBanner({ title, crumb = title, intro }: { title: string; crumb?: string; intro: string }) {
  return (
    <div className="page-banner">
      <div className="container">
        <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: crumb }]} />
        <h1>{title}</h1>
        <p>{intro}</p>
      </div>
    </div>
  );
}
