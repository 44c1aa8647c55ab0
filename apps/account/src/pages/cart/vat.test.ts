import { vatBreakdown } from './vat';

describe('vatBreakdown', () => {
  it('finds the 16% VAT inside a VAT-inclusive total', () => {
    expect(vatBreakdown(11600)).toEqual({ total: 11600, vat: 1600, net: 10000 });
  });

  it('rounds to cents and keeps net + VAT equal to the total', () => {
    const { vat, net } = vatBreakdown(45000);
    expect(vat).toBe(6206.9);
    expect(net + vat).toBeCloseTo(45000, 2);
  });

  it('is zero for an empty cart', () => {
    expect(vatBreakdown(0)).toEqual({ total: 0, vat: 0, net: 0 });
  });
});
