import { Link, NavLink } from '../router';

export interface LinkItem {
  to: string;
  label: string;
}

/** A list of site links (a menu, the footer's quick links); `marksCurrent` marks the page the visitor is on. */
export function LinkList({ links, marksCurrent = false }: { links: readonly LinkItem[]; marksCurrent?: boolean }) {
  const ItemLink = marksCurrent ? NavLink : Link;
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <ItemLink to={link.to}>{link.label}</ItemLink>
        </li>
      ))}
    </ul>
  );
}
