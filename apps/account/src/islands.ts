import type { IslandModules } from '@agri/ui/federation';

/**
 * The account remote's islands, by name (`account/<name>` on a page), for the shell to hydrate on a document with
 * islands: the cards of the pages a visitor signs in from, each loading only its own code.
 */
export const islands = {
  login: () => import('./pages/login/login-page').then(({ LoginCard }) => ({ default: LoginCard })),
  register: () => import('./pages/register/register-page').then(({ RegisterCard }) => ({ default: RegisterCard })),
  'forgot-password': () => import('./pages/forgot-password/forgot-password-page').then(({ ForgotPasswordCard }) => ({ default: ForgotPasswordCard })),
  'reset-password': () => import('./pages/reset-password/reset-password-page').then(({ ResetPasswordCard }) => ({ default: ResetPasswordCard })),
} satisfies IslandModules;

declare module '@agri/ui/island-protocol' {
  /** A page names one of these islands, or the type-check fails. */
  interface IslandNames extends Record<`account/${keyof typeof islands}`, true> {}
}
