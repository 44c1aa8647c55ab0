// Test helpers for the apps' component tests; never part of a build.
export { renderPage, renderRoutes } from './render-page';
export { expectStillLoading, waitUntilLoaded } from './loading';
export { expectMessages, submitForm } from './forms';
