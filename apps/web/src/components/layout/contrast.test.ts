import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, fillUnderWhiteText, readableShade } from './contrast.ts';

/**
 * readableShade as the words of its comment put it, shade by shade on hex strings: each candidate is
 * written as hex and its contrast read back from that hex. The module's version works in numbers and
 * must give the same colour for every input.
 */
function byTheWords(color: string, backgrounds: readonly string[], min: number): string {
  const reaches = (hex: string) => backgrounds.every((bg) => contrastRatio(hex, bg) >= min);
  const hex = (rgb: number[]) => '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
  const channels = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const start = hex(channels(color));
  if (reaches(start)) return start;
  const darken = contrastRatio(backgrounds[0] ?? '#ffffff', '#000000') > (0.18 + 0.05) / 0.05;
  const [r, g, b] = channels(start).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const lo = Math.min(r, g, b);
  const l = (max + lo) / 2;
  const d = max - lo;
  const s = d === 0 ? 0 : l > 0.5 ? d / (2 - max - lo) : d / (max + lo);
  const h =
    d === 0 ? 0 : (max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4) / 6;
  for (let step = 1; step <= 200; step += 1) {
    const lightness = darken ? l - (l * step) / 200 : l + ((1 - l) * step) / 200;
    let rgb: number[];
    if (s === 0) rgb = [lightness * 255, lightness * 255, lightness * 255];
    else {
      const q = lightness < 0.5 ? lightness * (1 + s) : lightness + s - lightness * s;
      const p = 2 * lightness - q;
      const channel = (t: number) => {
        const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
        if (u < 1 / 6) return p + (q - p) * 6 * u;
        if (u < 1 / 2) return q;
        if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
        return p;
      };
      rgb = [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
    }
    if (reaches(hex(rgb))) return hex(rgb);
  }
  return darken ? '#000000' : '#ffffff';
}

/** Every 17th value of each channel: 4,096 colours from black to white. */
const GRID = Array.from({ length: 16 ** 3 }, (_, i) =>
  [Math.floor(i / 256), Math.floor(i / 16) % 16, i % 16]
    .map((c) => (c * 17).toString(16).padStart(2, '0'))
    .reduce((hex, c) => hex + c, '#'),
);

describe('readableShade', () => {
  it('gives the shade its definition gives, for every colour of a grid, on light and dark pages', () => {
    const cases: [readonly string[], number][] = [
      [['#ffffff'], AA_TEXT],
      [['#ffffff', '#f5f5f5'], AA_TEXT],
      [['#ffffff', '#f5f5f5'], AA_TEXT + 2],
      [['#141414', '#1f1f1f'], AA_TEXT],
    ];
    for (const [backgrounds, min] of cases) {
      const differing = GRID.filter((c) => readableShade(c, backgrounds, min) !== byTheWords(c, backgrounds, min));
      expect(differing, `${backgrounds.join(' ')} at ${min}:1`).toEqual([]);
    }
  });

  it('reaches the ratio on every background, keeps a colour that already does, and darkens for white text', () => {
    for (const c of GRID.filter((_, i) => i % 7 === 0)) {
      const shade = readableShade(c, ['#ffffff', '#f5f5f5']);
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(shade, '#f5f5f5')).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(readableShade('#000000', ['#ffffff'])).toBe('#000000');
    expect(readableShade('#18ACAF', ['#ffffff'])).not.toBe('#18acaf');
    expect(contrastRatio(fillUnderWhiteText('#18acaf'), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(fillUnderWhiteText('#18acaf'), '#18acaf')).toBeGreaterThan(1);
  });
});
