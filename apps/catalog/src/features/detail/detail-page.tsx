import type { ReactNode } from 'react';
import { Breadcrumb, formatKes, Placeholders, Skeleton } from '@agri/ui';
import './detail-page.css';

interface DetailPageProps {
  /** The page's own classes: `<page>__hero`, `<page>__layout` ('course-page', 'event-page'). */
  page: string;
  /** The list the page belongs to, last but one in the breadcrumb. */
  list: { label: string; to: string };
  title: string;
  /** Under the title: who teaches or speaks, and the like. */
  summary: ReactNode;
  /** The main column's class, if it has one. */
  mainClassName?: string;
  children: ReactNode;
  /** The card beside the content (sticky on a wide screen): its name, its class, the price and what follows it. */
  card: { label: string; className: string; price: number; children: ReactNode };
}

/** The page of one course or event: a hero with the breadcrumb and the title, then the content beside its price card. */
export function DetailPage({ page, list, title, summary, mainClassName, children, card }: DetailPageProps) {
  return (
    <>
      <header className={`${page}__hero detail-hero`}>
        <div className="container">
          <Breadcrumb items={[{ label: 'Home', to: '/' }, list, { label: title }]} />
          <h1>{title}</h1>
          {summary}
        </div>
      </header>
      <div className={`container ${page}__layout detail-layout`}>
        <div className={mainClassName}>{children}</div>
        <aside className={`${card.className} detail-aside`} aria-label={card.label}>
          <p className={`${card.className}__price`}>
            <span className="visually-hidden">Price: </span>
            {formatKes(card.price)}
          </p>
          {card.children}
        </aside>
      </div>
    </>
  );
}

/** DetailPage's shape while the item loads: the title and lines of text, the price card and its buttons. */
export function DetailSkeleton({ page, cardClassName }: { page: string; cardClassName: string }) {
  return (
    <div className={`container ${page}__layout detail-layout`}>
      <div>
        <Skeleton height="2.2em" width="70%" />
        <Skeleton height="1em" width="45%" className="detail-skeleton-gap" />
        <Placeholders count={6}>
          <Skeleton height="1em" className="detail-skeleton-gap" />
        </Placeholders>
      </div>
      <div className={`${cardClassName} detail-aside`}>
        <Skeleton height="2em" width="60%" />
        <Placeholders count={3}>
          <Skeleton height="44px" className="detail-skeleton-gap" />
        </Placeholders>
      </div>
    </div>
  );
}
