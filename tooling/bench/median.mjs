// @ts-check
// The one median of the benchmarks' figures.

/**
 * The median of the figures that were measured (a value that is not a finite number was not measured and is
 * left out): of an even count, the mean of the two middle ones; NaN when none was measured.
 *
 * @param {unknown[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = /** @type {number[]} */ (values.filter((value) => Number.isFinite(value))).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
