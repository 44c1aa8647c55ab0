import { selectCartCount, selectIsSignedIn, useSession } from '@agri/api-client';
import { Button, business, Icon, useInteractive, usePageDialog } from '@agri/ui';
import { cartLabel, FRAME } from '@agri/ui/island-protocol';
import { Link, NavLink, useLocation } from '@agri/ui/router';
import { SIDE_MENU_ID, SideMenu } from './side-menu';
import { SocialIcons } from './social-icons';

const topNavigation = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/courses', label: 'Courses' },
  { to: '/events', label: 'Events' },
  { to: '/contact', label: 'Contact' },
];

function CartIcon() {
  return (
    <Icon size={22} stroke={2}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6" />
    </Icon>
  );
}

/** The business's email, hours and social links, over the header. */
function TopStrip() {
  return (
    <div className="top-strip">
      <div className="container top-strip__inner">
        <p className="top-strip__contact">
          <a href={`mailto:${business.email}`}>{business.email}</a>
          <span className="top-strip__hours">{business.hours}</span>
        </p>
        <SocialIcons />
      </div>
    </div>
  );
}

/** The business's mark and name, a link home. */
function Brand() {
  return (
    <Link to="/" className="brand">
      <span className="brand__mark" aria-hidden="true">
        <Icon size={24}>
          <path d="M12 22c-.6-5.6-3.8-8.2-8-9 .6 4.6 3.4 8 8 9zm0 0c.6-5.6 3.8-8.2 8-9-.6 4.6-3.4 8-8 9zM12 14c-1.8-2.6-2-6.2 0-10 2 3.8 1.8 7.4 0 10z" />
        </Icon>
      </span>
      <span className="brand__name">
        {business.shortName}
        <span className="brand__tag">Consultants</span>
      </span>
    </Link>
  );
}

// Marked for the page's loader, which shows one or the other from the stored session.
const signedIn = { [FRAME.signedIn]: '' };
const signedOut = { [FRAME.signedOut]: '' };

/** Top strip, brand, top navigation, account links and the side-menu button; the home page has its own style. */
export function SiteHeader() {
  const isHome = useLocation().pathname === '/';
  const isSignedIn = useSession(selectIsSignedIn);
  const cartCount = useSession(selectCartCount);
  // Drawn again from the session once the header answers (a key of their own): what the page's loader showed from
  // storage, which React does not correct when it hydrates, never stays.
  const drawn = useInteractive() ? 'live' : 'first';
  const menu = usePageDialog(SIDE_MENU_ID);

  return (
    <header className={isHome ? 'site-header site-header--home' : 'site-header site-header--inner'}>
      <TopStrip />
      <div className="container site-header__bar">
        <Brand />
        <nav aria-label="Main" className="top-nav">
          <ul>
            {topNavigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          {/* Both, one hidden: on a document with islands the page's loader shows the right one from the stored
              session before any of this code runs (islands/loader). */}
          <Link key={`cart-${drawn}`} to="/cart" className={FRAME.cartLink} hidden={!isSignedIn} {...signedIn} aria-label={cartLabel(cartCount)}>
            <CartIcon />
            {/* The loader may have written the stored count here: not a reason to draw the header afresh. */}
            <span className={FRAME.cartCount} data-testid="cart-count" suppressHydrationWarning>
              {cartCount}
            </span>
          </Link>
          <Link key={`account-${drawn}`} to="/my-profile" className="site-header__account site-header__account--signed-in" hidden={!isSignedIn} {...signedIn}>
            My Account
          </Link>
          <Link key={`login-${drawn}`} to="/login" className="site-header__account" hidden={isSignedIn} {...signedOut}>
            Log In
          </Link>
          <Button variant="ghost" className="menu-button" aria-haspopup="dialog" aria-expanded={menu.open} {...menu.button}>
            <Icon size={24} stroke={2}>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </Icon>
            <span className="menu-button__label visually-hidden">Menu</span>
          </Button>
        </div>
      </div>
      <SideMenu {...menu.dialog} />
    </header>
  );
}
