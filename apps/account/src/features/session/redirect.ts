/** Where a customer lands after logging in when no page asked for them. */
export const DEFAULT_AFTER_LOGIN = '/my-profile';

/** The `redirect` query value if it is a path on this site (a single leading '/'), else the default. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  return target;
}
