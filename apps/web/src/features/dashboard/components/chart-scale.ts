/**
 * Five evenly spaced axis ticks from 0 that end at a round number at or above `max`
 * (1, 2, 2.5 or 5 times a power of ten per step), so the axis reads like a person drew it.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1, 2, 3, 4];
  const rough = max / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s * (count - 1) >= max) ?? 10 * power;
  return Array.from({ length: count }, (_, i) => Math.round(step * i * 1e6) / 1e6);
}
