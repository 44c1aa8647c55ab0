import { selectCartCount, selectIsSignedIn, useSession } from '@agri/api-client';
import { Dialog, useLogOut } from '@agri/ui';
import { NavLink } from '@agri/ui/router';

const mainItems = [
  { to: '/about', label: 'About Us' },
  { to: '/courses', label: 'Courses' },
  { to: '/events', label: 'Events' },
  { to: '/faqs', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
];

export const accountItems = [
  { to: '/my-profile', label: 'My Profile' },
  { to: '/edit-profile', label: 'Edit Profile' },
  { to: '/address', label: 'Address' },
  { to: '/cart', label: 'Cart' },
  { to: '/my-orders', label: 'My Orders' },
];

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The side menu: site pages, then the account group and Logout for a signed-in
 * customer, or Log In for a visitor. A modal dialog: Escape closes it and focus
 * returns to the menu button.
 */
export function SideMenu({ open, onClose }: SideMenuProps) {
  const isSignedIn = useSession(selectIsSignedIn);
  const cartCount = useSession(selectCartCount);
  const { logOut } = useLogOut();

  const link = (item: { to: string; label: string }) => (
    <li key={item.to}>
      <NavLink to={item.to} onClick={onClose}>
        {item.label}
        {item.to === '/cart' ? <span className="cart-count">{cartCount}</span> : null}
      </NavLink>
    </li>
  );

  return (
    <Dialog open={open} onClose={onClose} title="Menu" className="side-menu" closeLabel="Close menu">
      <nav aria-label="Side menu">
        <ul className="side-menu__list">{mainItems.map(link)}</ul>
        {isSignedIn ? (
          <>
            <div className="side-menu__group" role="group" aria-labelledby="side-menu-account">
              <h3 id="side-menu-account" className="side-menu__group-title">
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
          </>
        ) : (
          <NavLink to="/login" className="ui-button ui-button--primary side-menu__action" onClick={onClose}>
            Log In
          </NavLink>
        )}
      </nav>
    </Dialog>
  );
}
