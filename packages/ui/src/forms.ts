// Forms, apart from the main entry: react-hook-form and its zod resolver load only with the pages that hold a
// form. Shared as its own singleton (tooling/build/rspack-app.mjs).
export { useSiteForm } from './forms/use-site-form';
