/**
 * Splits `amount` cents into parts proportional to `weights`, exactly: the parts always sum to
 * `amount`; the cents left after flooring go to the largest remainders, ties to the earlier weight.
 * Weights of zero get nothing unless every weight is zero (then the first takes it all).
 */
export function splitCents(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (weights.length === 0) return [];
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (Math.max(0, w) * amount) / total);
  const parts = exact.map((x) => Math.floor(x));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * The share of a line's `cents` for units `from+1 .. from+count` of `quantity`: cumulative floors, so
 * refunding a line in parts always adds up to the whole line, never a cent more.
 */
export function lineShare(cents: number, quantity: number, from: number, count: number): number {
  if (quantity <= 0) return 0;
  return Math.floor((cents * (from + count)) / quantity) - Math.floor((cents * from) / quantity);
}
