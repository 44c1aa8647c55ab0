/** '+254 712345678' for digits typed after the '+ 254' prefix; other numbers as stored. */
export const displayPhone = (digits: string | undefined): string | undefined => (digits && /^[0-9]+$/.test(digits) ? `+254 ${digits}` : digits);

/**
 * The number typed after the '+ 254' prefix in international form: '0712 345 678'
 * and '712345678' both become '+254712345678'; a number typed with 254 is kept.
 */
export function toKenyanInternational(typed: string): string {
  const digits = typed.replace(/[^0-9]/g, '');
  if (digits.startsWith('254')) return `+${digits}`;
  return `+254${digits.replace(/^0+/, '')}`;
}
