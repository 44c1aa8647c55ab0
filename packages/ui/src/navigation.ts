/** '/login?redirect=%2Fcart': the log-in page that brings the visitor back to `path` afterwards. */
export const loginPathFor = (path: string): string => `/login?redirect=${encodeURIComponent(path)}`;
