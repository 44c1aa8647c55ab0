/** Cuts text to `length` characters and appends '...' when it was longer. */
export function truncateText(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
