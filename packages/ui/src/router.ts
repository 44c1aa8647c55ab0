/**
 * The parts of React Router the apps use, and the only door to it. Module Federation ships a shared
 * library whole: sharing react-router itself put ~60 KB gzip, mostly unused, on every page. This module is
 * shared in its place, as '@agri/ui/router' at @agri/ui's version (tooling/build/shared-libraries.mjs): a change of
 * React Router's major that the apps see is a major of @agri/ui, which the release gate checks. A name the apps
 * need is added here first.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Router,
  Routes,
  createPath,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
export type { LinkProps, Navigator, To } from 'react-router';
