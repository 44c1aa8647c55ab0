/**
 * CSV (RFC 4180) that a spreadsheet opens as text: a cell that begins with =, +, -, @, a tab or a carriage
 * return would be read as a formula (`=HYPERLINK(...)` in a visitor's name), so it is prefixed with a single
 * quote, as OWASP advises (a cell given as a number is left as it is); every cell is quoted, and quotes inside it
 * doubled.
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}
