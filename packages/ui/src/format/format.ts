const kes = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2 });

/** 'KES 45,000': currency is always KES with thousands separators. */
export function formatKes(amount: number): string {
  return `KES ${kes.format(amount)}`;
}

/** Cuts text to `length` characters and appends '...' when it was longer. */
export function truncateText(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
