// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { theme, type ThemeConfig } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR, THEMES } from '../../stores/settings.ts';
import { contrastRatio, parseHex, readableShade, relativeLuminance } from './contrast.ts';
import {
  computePresetTagText,
  computeThemeColours,
  PRESET_THEME_COLOURS,
  computePrimaryTint,
  PRESET_PRIMARY_TINTS,
  PRESET_TAG_TEXT,
  THEME_PRESETS,
  themeConfig,
  themeShades,
} from './theme.ts';

/**
 * Which of antd's algorithms a theme derives its tokens with: the tokens the theme gives (through its
 * own algorithm, which remembers what it derived) against those antd's two algorithms give.
 */
function algorithmOf(config: ThemeConfig): 'default' | 'dark' | 'neither' {
  const tokens = theme.getDesignToken(config);
  const { algorithm: _ignored, ...rest } = config;
  if (JSON.stringify(tokens) === JSON.stringify(theme.getDesignToken({ ...rest, algorithm: theme.defaultAlgorithm })))
    return 'default';
  if (JSON.stringify(tokens) === JSON.stringify(theme.getDesignToken({ ...rest, algorithm: theme.darkAlgorithm })))
    return 'dark';
  return 'neither';
}

describe(themeConfig.name, () => {
  it('original: the default colour #18acaf on the light algorithm with a dark sidebar', () => {
    const config = themeConfig({ theme: DEFAULT_THEME_COLOR, themeName: 'original' });
    expect(config.token?.colorPrimary).toBe('#18acaf');
    expect(algorithmOf(config)).toBe('default');
    expect(config.components?.Layout?.siderBg).toBe(THEME_PRESETS.original.siderBg);
    expect(config.components?.Menu?.darkItemBg).toBe(THEME_PRESETS.original.siderBg);
  });

  it('turns antd motion off only for a person who asked their system for less motion', () => {
    // node has no window: the default is the full animation
    expect(themeConfig({ theme: DEFAULT_THEME_COLOR, themeName: 'original' }).token?.motion).toBe(true);
    expect(themeConfig({ theme: DEFAULT_THEME_COLOR, themeName: 'original' }, true).token?.motion).toBe(false);
  });

  it('midnight uses the dark algorithm', () => {
    expect(algorithmOf(themeConfig({ theme: THEME_PRESETS.midnight.primary, themeName: 'midnight' }))).toBe('dark');
  });

  it('tropical and daydream are light themes with their own sidebar and header', () => {
    for (const name of ['tropical', 'daydream'] as const) {
      const config = themeConfig({ theme: THEME_PRESETS[name].primary, themeName: name });
      expect(algorithmOf(config)).toBe('default');
      expect(config.components?.Layout?.siderBg).toBe(THEME_PRESETS[name].siderBg);
      expect(config.components?.Layout?.headerBg).toBe(THEME_PRESETS[name].headerBg);
    }
    expect(THEME_PRESETS.daydream.sider).toBe('light');
  });

  it('keeps a colour picked after choosing a theme', () => {
    expect(themeConfig({ theme: '#ff0000', themeName: 'midnight' }).token?.colorPrimary).toBe('#ff0000');
  });

  it('falls back to the theme colour for a stored value that is not a colour', () => {
    expect(themeConfig({ theme: 'red;}', themeName: 'tropical' }).token?.colorPrimary).toBe(
      THEME_PRESETS.tropical.primary,
    );
  });

  it('is built once per theme, colour and motion: the same object each time', () => {
    const original = { theme: DEFAULT_THEME_COLOR, themeName: 'original' } as const;
    expect(themeConfig(original, false)).toBe(themeConfig({ ...original }, false));
    expect(themeConfig(original, true)).not.toBe(themeConfig(original, false));
    expect(themeConfig({ theme: '#ff0000', themeName: 'original' }, false)).not.toBe(themeConfig(original, false));
  });

  it("the shades worked out ahead are what antd's algorithms give (so an antd update cannot leave them stale)", () => {
    expect(PRESET_TAG_TEXT.light).toEqual(computePresetTagText(false));
    expect(PRESET_TAG_TEXT.dark).toEqual(computePresetTagText(true));
    const presetColours = Object.values(THEME_PRESETS).map((p) => p.primary);
    expect(Object.keys(PRESET_PRIMARY_TINTS).sort()).toEqual([...presetColours].sort());
    for (const colour of presetColours) expect(PRESET_PRIMARY_TINTS[colour]).toBe(computePrimaryTint(colour));
    // a colour picked by hand is derived
    expect(themeShades('#123456', THEME_PRESETS.original).tint).toBe(computePrimaryTint('#123456'));
    for (const name of THEMES) {
      const preset = THEME_PRESETS[name];
      expect(PRESET_THEME_COLOURS[name]).toEqual(computeThemeColours(preset.primary, preset));
      // and the config takes them: a theme's own colour and a hand-picked one read the same tokens
      const own = themeConfig({ theme: preset.primary, themeName: name });
      expect(own.token?.colorPrimaryText).toBe(PRESET_THEME_COLOURS[name].shade.text);
      expect(own.token?.colorErrorText).toBe(PRESET_THEME_COLOURS[name].errorText);
    }
    const picked = themeConfig({ theme: '#123456', themeName: 'daydream' });
    const pickedColours = computeThemeColours('#123456', THEME_PRESETS.daydream);
    expect(picked.token?.colorPrimaryText).toBe(pickedColours.shade.text);
    expect(picked.token?.colorError).toBe(pickedColours.status?.error);
  });

  it('treats an unknown stored theme name as original', () => {
    const config = themeConfig({ theme: '#123456', themeName: 'neon' as never });
    expect(algorithmOf(config)).toBe('default');
    expect(config.components?.Layout?.siderBg).toBe(THEME_PRESETS.original.siderBg);
  });
});

describe(contrastRatio.name, () => {
  it('follows WCAG 2.1: black on white is 21:1, a colour on itself 1:1, #767676 on white just passes AA', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#18acaf', '#18acaf')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('finds the theme colour #18acaf too light for text on white (2.78:1)', () => {
    expect(contrastRatio('#18acaf', '#ffffff')).toBeCloseTo(2.78, 2);
  });
});

describe(readableShade.name, () => {
  it('keeps a colour that already reaches 4.5:1', () => {
    expect(readableShade('#0050b3', ['#ffffff'])).toBe('#0050b3');
  });

  it('darkens on light backgrounds and lightens on dark ones, just enough', () => {
    const dark = readableShade('#18acaf', ['#ffffff', '#f5f5f5']);
    expect(contrastRatio(dark, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark, '#f5f5f5')).toBeLessThan(4.8);
    const light = readableShade('#1d39c4', ['#141414']);
    expect(relativeLuminance(light)).toBeGreaterThan(relativeLuminance('#1d39c4'));
    expect(contrastRatio(light, '#141414')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the hue: the shade of teal is still a teal', () => {
    const [r, g, b] = parseHex(readableShade('#18acaf', ['#ffffff']));
    expect(g).toBeGreaterThan(r);
    expect(Math.abs(g - b)).toBeLessThan(10);
  });
});

/** rgba(0,0,0,a) / rgba(255,255,255,a) text over an opaque background, as the browser paints it. */
function over(rgba: string, background: string): string {
  const [, c, a] = /rgba\((\d+), \d+, \d+, ([\d.]+)\)/.exec(rgba)!;
  const mix = parseHex(background).map((bg) => Math.round(Number(c) * Number(a) + bg * (1 - Number(a))));
  return '#' + mix.map((v) => v.toString(16).padStart(2, '0')).join('');
}

describe('contrast of the theme tokens (WCAG 2.1 AA, 4.5:1)', () => {
  const cases = [
    ...THEMES.map((name) => ({ name, color: THEME_PRESETS[name].primary })),
    // colours a person may pick: very light, saturated, already dark
    { name: 'original' as const, color: '#ffff00' },
    { name: 'midnight' as const, color: '#0000ff' },
    { name: 'daydream' as const, color: '#ff0000' },
  ];
  for (const { name, color } of cases) {
    it(`${name} with ${color}: text, links and text on fills all reach 4.5:1, the colour itself stays the primary`, () => {
      const preset = THEME_PRESETS[name];
      const config = themeConfig({ theme: color, themeName: name });
      const token = config.token!;
      const backgrounds = preset.dark ? ['#141414', '#000000', '#1f1f1f'] : ['#ffffff', '#f5f5f5'];
      backgrounds.push(preset.headerBg);
      expect(token.colorPrimary).toBe(color);
      for (const text of [
        token.colorLink,
        token.colorPrimaryText,
        token.colorLinkHover,
        token.colorPrimaryTextActive,
      ]) {
        for (const bg of backgrounds) expect(contrastRatio(text!, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      const c = config.components!;
      const onFills = [
        c.Button!.colorPrimary,
        c.Button!.colorPrimaryHover,
        c.Button!.colorPrimaryActive,
        c.Menu!.darkItemSelectedBg,
        c.Radio!.buttonSolidCheckedBg,
        c.DatePicker!.colorPrimary,
      ];
      for (const fill of onFills)
        expect(contrastRatio('#ffffff', fill!), `white on ${fill}`).toBeGreaterThanOrEqual(4.5);
      const textOnPage = [c.Tabs!.itemSelectedColor, c.Pagination!.itemActiveColor, c.Menu!.itemSelectedColor];
      for (const text of textOnPage) {
        for (const bg of backgrounds) expect(contrastRatio(text!, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      if (preset.sider === 'light') {
        // the light sidebar's selected entry: text shade on the theme's own tint
        const tint = theme.getDesignToken(config).colorPrimaryBg;
        expect(contrastRatio(c.Menu!.itemSelectedColor!, tint)).toBeGreaterThanOrEqual(4.5);
      }
      for (const bg of backgrounds) {
        expect(contrastRatio(over(token.colorTextDescription!, bg), bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(token.colorErrorText!, bg)).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('keeps #18acaf for fills without text and uses a darker teal for text', () => {
    const shades = themeShades('#18acaf', THEME_PRESETS.original);
    expect(shades.primary).toBe('#18acaf');
    expect(contrastRatio(shades.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(shades.text)).toBeLessThan(relativeLuminance('#18acaf'));
  });
});

describe('global.css preset tag colours', () => {
  // antd's tag styles read `var(--ant-<colour>-7)`, which the theme's tokens do not reach: the CSS
  // rules in global.css are what a person sees, so every preset colour must be readable there
  const css = readFileSync(resolve(import.meta.dirname, 'global.css'), 'utf8');
  const base = theme.getDesignToken({ algorithm: theme.defaultAlgorithm }) as unknown as Record<string, string>;
  const colours = [...new Set([...css.matchAll(/\.ant-tag-([a-z]+)/g)].map((m) => m[1]!))];

  it.each([
    'cyan',
    'green',
    'gold',
    'orange',
    'red',
    'blue',
    'volcano',
    'purple',
    'magenta',
    'geekblue',
    'lime',
    'yellow',
  ])('prints %s tag text at 4.5:1 on its tint, on white and on a hovered row', (colour) => {
    const rule = new RegExp(`\\.ant-tag\\.ant-tag-${colour}[^{]*\\{\\s*color: (#[0-9a-f]{6})`).exec(css);
    const text = rule?.[1] ?? base[`${colour}7`]!;
    for (const bg of [base[`${colour}1`]!, '#ffffff', '#fafafa'])
      expect(contrastRatio(text, bg), `${colour} ${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('reads the rules it checks', () => expect(colours).toEqual(expect.arrayContaining(['cyan', 'volcano'])));
});
