import { TableHead } from '@agri/ui';
import type { ReactNode } from 'react';

interface StaffTableProps {
  /** The column headings. */
  columns: readonly string[];
  caption?: string;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}

/** A back-office table: headings, rows, and on a narrow screen a scroll of its own (the page never scrolls sideways). */
export function StaffTable({ columns, caption, children }: StaffTableProps) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        {caption ? <caption className="staff-muted">{caption}</caption> : null}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
