// Test helpers for the apps' component tests; never part of a build.
export { renderPage, renderRoutes } from './render-page';
