// Made on first use: building a number format loads the locale's data (about 80 ms on a slow phone),
// a price that most pages never show.
let kes: Intl.NumberFormat | undefined;

/** 'KES 45,000': currency is always KES with thousands separators. */
export function formatKes(amount: number): string {
  kes ??= new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });
  return `KES ${kes.format(amount)}`;
}

/** Cuts text to `length` characters and appends '...' when it was longer. */
export function truncateText(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
