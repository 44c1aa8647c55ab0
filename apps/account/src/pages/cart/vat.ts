/** Kenya's VAT rate; course prices are stated VAT-inclusive. */
export const VAT_RATE = 0.16;

export interface VatBreakdown {
  /** What the customer pays, VAT included. */
  total: number;
  /** The VAT contained in the total. */
  vat: number;
  /** The total without VAT. */
  net: number;
}

const toCents = (amount: number) => Math.round(amount * 100) / 100;

/** Splits a VAT-inclusive total into its net amount and the 16% VAT it contains. */
export function vatBreakdown(total: number): VatBreakdown {
  const vat = toCents((total * VAT_RATE) / (1 + VAT_RATE));
  return { total, vat, net: toCents(total - vat) };
}
