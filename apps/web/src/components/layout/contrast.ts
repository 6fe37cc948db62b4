/**
 * Colour contrast as WCAG 2.1 defines it (relative luminance, ratio 1:1 to 21:1), and the shade of a
 * colour that reaches a ratio: the theme colour stays for fills and accents, its readable shades carry
 * text (SPEC 9 colour picker: any colour a person picks still gives readable links and buttons).
 * Pure and free of antd, so the sign-in page (which ships without antd) can use it too.
 */

/** WCAG 2.1 AA: normal text needs 4.5:1. */
export const AA_TEXT = 4.5;

type TRgb = [number, number, number];

/** #rgb, #rrggbb or #rrggbbaa (alpha ignored) as 0-255 channels; anything else is black. */
export function parseHex(hex: string): TRgb {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = /^[0-9a-f]{6}/i.test(h) ? Number.parseInt(h.slice(0, 6), 16) : 0;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: TRgb) => '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');

const channelLuminance = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

function luminanceOf([r, g, b]: TRgb): number {
  return 0.2126 * channelLuminance(r) + 0.7152 * channelLuminance(g) + 0.0722 * channelLuminance(b);
}

export function relativeLuminance(hex: string): number {
  return luminanceOf(parseHex(hex));
}

/** The contrast ratio of two relative luminances. */
const ratioOf = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(relativeLuminance(a), relativeLuminance(b));
}

function toHsl([r, g, b]: TRgb): TRgb {
  const [rs, gs, bs] = [r / 255, g / 255, b / 255];
  const max = Math.max(rs, gs, bs);
  const min = Math.min(rs, gs, bs);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rs ? (gs - bs) / d + (gs < bs ? 6 : 0) : max === gs ? (bs - rs) / d + 2 : (rs - gs) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: TRgb): TRgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/**
 * The colour itself when it reaches `min` against every background; otherwise the nearest shade of
 * the same hue and saturation that does: darker on light backgrounds, lighter on dark ones (the
 * direction is chosen by the first background). Black or white at worst.
 *
 * Each shade is tried as the hex colour it would be written as (channels rounded), in numbers rather
 * than strings: the signed-in frame works out its text colour from the theme colour as it first draws
 * (app/router.tsx), where the string version took 6-9 ms of a page load (issue 21).
 */
export function readableShade(color: string, backgrounds: readonly string[], min: number = AA_TEXT): string {
  const backgroundLuminances = backgrounds.map(relativeLuminance);
  const reaches = (rgb: TRgb) => {
    const luminance = luminanceOf(rgb);
    return backgroundLuminances.every((bg) => ratioOf(luminance, bg) >= min);
  };
  const start = parseHex(color);
  if (reaches(start)) return toHex(start);
  const darken = (backgroundLuminances[0] ?? 1) > 0.18;
  const [h, s, l] = toHsl(start);
  for (let step = 1; step <= 200; step += 1) {
    const lightness = darken ? l - (l * step) / 200 : l + ((1 - l) * step) / 200;
    const shade = fromHsl([h, s, lightness]).map((c) => Math.round(c)) as TRgb;
    if (reaches(shade)) return toHex(shade);
  }
  return darken ? '#000000' : '#ffffff';
}

/** The colour white text needs under it to reach `min`: the colour itself or a darker shade. */
export function fillUnderWhiteText(color: string, min: number = AA_TEXT): string {
  return readableShade(color, ['#ffffff'], min);
}
