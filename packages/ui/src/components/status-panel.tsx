import type { ReactNode } from 'react';

interface StatusPanelProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links that let the visitor move on. */
  actions?: ReactNode;
  role?: 'alert' | 'status';
  /** 1 when the panel is the whole page (the not-found page): its title is then the page's heading. */
  headingLevel?: 1 | 2;
}

/** A centred panel for empty, error and not-found states. */
export function StatusPanel({ title, children, actions, role = 'status', headingLevel = 2 }: StatusPanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="ui-status-panel" role={role} aria-label={title}>
      <Heading>{title}</Heading>
      {children ? <p>{children}</p> : null}
      {actions}
    </section>
  );
}
