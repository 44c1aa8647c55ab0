import { selectCartCount, selectIsSignedIn, useSession } from '@agri/api-client';
import { business } from '@agri/ui';
import { Link, NavLink, useLocation } from 'react-router-dom';

const topNavigation = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/courses', label: 'Courses' },
  { to: '/events', label: 'Events' },
  { to: '/contact', label: 'Contact' },
];

export function SiteHeader() {
  const isHome = useLocation().pathname === '/';
  const isSignedIn = useSession(selectIsSignedIn);
  const cartCount = useSession(selectCartCount);
  return (
    <header className={isHome ? 'site-header site-header--home' : 'site-header site-header--inner'}>
      <div className="top-strip">
        <div className="container top-strip__inner">
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </div>
      </div>
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label={`${business.name} home`}>
          <span className="brand__mark" aria-hidden="true">
            M
          </span>
          <span className="brand__name">{business.shortName}</span>
        </Link>
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
        <div className="site-header__account">
          {isSignedIn ? (
            <>
              <Link to="/cart" className="cart-link" aria-label={`Cart, ${cartCount} items`}>
                Cart <span className="cart-link__count">{cartCount}</span>
              </Link>
              <Link to="/my-profile">My Account</Link>
            </>
          ) : (
            <Link to="/login">Log In</Link>
          )}
        </div>
      </div>
    </header>
  );
}
