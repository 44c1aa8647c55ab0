import { ButtonLink } from '@agri/ui';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  eyebrow: string;
  /** The heading's id, which the section names itself by (aria-labelledby). */
  id: string;
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  /** A link on to the whole list (View All, More Events), beside the title. */
  link?: { to: string; label: string };
}

/** The heading of a home page section: eyebrow, title, and an optional line or link. */
export function SectionHeading({ eyebrow, id, title, intro, link }: SectionHeadingProps) {
  const heading = (
    <>
      <p className="ui-eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
    </>
  );
  if (!link) return <div className="section-heading">{heading}</div>;
  return (
    <div className="section-heading section-heading--split">
      <div>{heading}</div>
      <ButtonLink to={link.to} variant="secondary">
        {link.label}
      </ButtonLink>
    </div>
  );
}
