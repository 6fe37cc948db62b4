/**
 * ABA routing number check digit: weights 3, 7, 1 repeating over the nine digits; the weighted sum
 * must be a multiple of 10. Catches every single-digit typo and most swapped neighbours, so a
 * mistyped routing number is refused at the form, before any deposit is sent to the wrong bank.
 */
export function hasValidAbaChecksum(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(value[i]) * weights[i]!;
  return sum % 10 === 0;
}
