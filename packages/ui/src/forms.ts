// Forms, apart from the main entry: react-hook-form and its zod resolver load only with the pages that hold a
// form. Shared as its own singleton (tooling/build/shared-libraries.mjs), so every form and its fields use one copy.
export { useSiteForm, type FormRules, type SiteForm, type SiteFormOptions } from './forms/use-site-form';
// For a field bound with Controller: its onBlur waits for a press's click as useSiteForm's fields do.
export { afterPress, outsideAPress } from './forms/after-press';
// The parts of react-hook-form a field needs besides the form itself, through the same door.
export { Controller, useWatch, type Control, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
