/**
 * Small pieces of arithmetic the server uses to build report answers and the browser uses to show
 * them (comparison arrows, shares), kept in one place so both round the same way.
 */

/** Half away from zero, so a refund-heavy negative average rounds like its positive mirror. */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * A per-order or per-guest average in whole cents (average check = net sales / orders). 0 when there
 * is nothing to divide by: an empty day shows $0.00, not a blank.
 */
export function averageCents(totalCents: number, count: number): number {
  if (count <= 0) return 0;
  return roundHalfAwayFromZero(totalCents / count);
}

/** Part of a whole as a fraction from 0 to 1 (item share of net sales); 0 when the whole is 0. */
export function shareOf(part: number, whole: number): number {
  if (whole === 0) return 0;
  return part / whole;
}

/**
 * Change from the previous period as a fraction (0.25 = up 25%). Null when the previous period is 0:
 * growth from nothing has no percentage, and the screen shows a dash rather than "infinity".
 */
export function changeRatio(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/**
 * Splits `totalCents` over parts in proportion to `weights`, in whole cents that add up exactly to the
 * total (largest remainder; ties go to the earlier part). Used to spread a check-level discount over the
 * check's lines so that item and category nets add up to the summary's net sales.
 * All weights 0 (or none positive) leaves everything on the first part, so no cent is lost.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`Not whole cents: ${totalCents}`);
  if (weights.length === 0) {
    if (totalCents !== 0) throw new RangeError('Cannot allocate an amount over no parts');
    return [];
  }
  const positive = weights.map((weight) => (weight > 0 ? weight : 0));
  const weightSum = positive.reduce((total, weight) => total + weight, 0);
  if (weightSum === 0) return weights.map((_, index) => (index === 0 ? totalCents : 0));

  const sign = totalCents < 0 ? -1 : 1;
  const magnitude = Math.abs(totalCents);
  const exact = positive.map((weight) => (magnitude * weight) / weightSum);
  const shares = exact.map(Math.floor);
  let remaining = magnitude - shares.reduce((total, share) => total + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (remaining === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    remaining -= 1;
  }
  return shares.map((share) => sign * share + 0);
}
