/** The page the visitor is on, for a shared or copied link. */
export function currentPageUrl(): string {
  return window.location.href;
}
