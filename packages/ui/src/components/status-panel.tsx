import type { ReactNode } from 'react';

interface StatusPanelProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links that let the visitor move on. */
  actions?: ReactNode;
  role?: 'alert' | 'status';
}

/** A centred panel for empty, error and not-found states. */
export function StatusPanel({ title, children, actions, role = 'status' }: StatusPanelProps) {
  return (
    <section className="ui-status-panel" role={role} aria-label={title}>
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
      {actions}
    </section>
  );
}
