/** '+254 712345678' for digits typed after the '+ 254' prefix; other numbers as stored. */
export const displayPhone = (digits: string | undefined): string | undefined =>
  digits && /^[0-9]+$/.test(digits) ? `+254 ${digits}` : digits;
