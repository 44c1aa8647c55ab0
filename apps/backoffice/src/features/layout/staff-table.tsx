import { TableHead } from '@agri/ui';
import type { ReactNode } from 'react';

interface StaffTableProps {
  /** The column headings. */
  columns: readonly string[];
  caption?: string;
  /** The last column holds each row's action: it stays in view while the table scrolls on a narrow screen. */
  actions?: boolean;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}

/** A back-office table: headings, rows, and on a narrow screen a scroll of its own (the page never scrolls sideways). */
export function StaffTable({ columns, caption, actions = false, children }: StaffTableProps) {
  return (
    <div className="staff-table-wrap">
      <table className={actions ? 'staff-table staff-table--actions' : 'staff-table'}>
        {caption ? <caption className="staff-muted">{caption}</caption> : null}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
