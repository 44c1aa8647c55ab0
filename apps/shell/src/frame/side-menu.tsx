import { selectCartCount, selectIsSignedIn, useSession } from '@agri/api-client';
import { Dialog, useInteractive, useLogOut, type PageDialogState } from '@agri/ui';
import { FRAME } from '@agri/ui/island-protocol';
import { NavLink } from '@agri/ui/router';
import { useId } from 'react';

const mainItems = [
  { to: '/about', label: 'About Us' },
  { to: '/courses', label: 'Courses' },
  { to: '/events', label: 'Events' },
  { to: '/faqs', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
];

const accountItems = [
  { to: '/my-profile', label: 'My Profile' },
  { to: '/edit-profile', label: 'Edit Profile' },
  { to: '/address', label: 'Address' },
  { to: '/cart', label: 'Cart' },
  { to: '/my-orders', label: 'My Orders' },
];

/** The menu's id in the page: the Menu button opens it by it (usePageDialog) before any code has run. */
export const SIDE_MENU_ID = 'side-menu';

/**
 * The side menu: site pages, then the account group and Logout for a signed-in customer, or Log In for a visitor.
 * A modal dialog always in the page, so that it opens at the first tap on a page whose code has not come (a document
 * with islands on a slow link). Both account groups are drawn, one hidden: the page's loader shows the right one
 * from the stored session.
 */
export function SideMenu(menu: PageDialogState) {
  const { onClose } = menu;
  const isSignedIn = useSession(selectIsSignedIn);
  const cartCount = useSession(selectCartCount);
  const { logOut } = useLogOut();
  const groupTitleId = useId();
  // Drawn again once the code runs (a key of their own): what the loader showed from storage never stays.
  const drawn = useInteractive() ? 'live' : 'first';

  const link = (item: { to: string; label: string }) => (
    <li key={item.to}>
      <NavLink to={item.to} onClick={onClose}>
        {item.label}
        {item.to === '/cart' ? <span className={FRAME.cartCount}>{cartCount}</span> : null}
      </NavLink>
    </li>
  );

  return (
    <Dialog {...menu} title="Menu" className="side-menu" closeLabel="Close menu">
      <nav aria-label="Side menu">
        <ul className="side-menu__list">{mainItems.map(link)}</ul>
        <div key={`account-${drawn}`} hidden={!isSignedIn} {...{ [FRAME.signedIn]: '' }}>
          <div className="side-menu__group" role="group" aria-labelledby={groupTitleId}>
            <h3 id={groupTitleId} className="side-menu__group-title">
              My Account
            </h3>
            <ul className="side-menu__list">{accountItems.map(link)}</ul>
          </div>
          <button
            type="button"
            className="ui-button ui-button--secondary side-menu__action"
            onClick={() => {
              onClose();
              void logOut();
            }}
          >
            Logout
          </button>
        </div>
        <NavLink
          key={`login-${drawn}`}
          to="/login"
          className="ui-button ui-button--primary side-menu__action"
          hidden={isSignedIn}
          {...{ [FRAME.signedOut]: '' }}
          onClick={onClose}
        >
          Log In
        </NavLink>
      </nav>
    </Dialog>
  );
}
