import type { ReactNode } from 'react';
import '../../styles/content.css';
import { PageBanner } from '../page-banner/page-banner';

/** The frame of a static page: banner with breadcrumb and title, then readable prose. */
export function LegalLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <>
      <PageBanner title={title} intro={intro} />
      <div className="container page-section">
        <div className="prose">{children}</div>
      </div>
    </>
  );
}
