import { Breadcrumb } from '@agri/ui';
import type { ReactNode } from 'react';
import '../../styles/content.css';

/** The frame of a static page: banner with breadcrumb and title, then readable prose. */
export function LegalLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <>
      <div className="page-banner">
        <div className="container">
          <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: title }]} />
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
      </div>
      <div className="container page-section">
        <div className="prose">{children}</div>
      </div>
    </>
  );
}
