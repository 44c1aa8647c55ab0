/**
 * The parts of React Router the apps use, and the only door to it. Module Federation ships a shared
 * library whole: sharing react-router itself put ~60 KB gzip, mostly unused, on every page. This module is
 * shared in its place, under react-router's own name and version (tooling/build/rspack-app.mjs), so the release
 * gate still speaks of React Router. A name the apps need is added here first.
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
export type { LinkProps, Navigator } from 'react-router';
