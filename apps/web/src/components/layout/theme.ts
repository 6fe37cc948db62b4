import { theme as antdTheme } from 'antd';
import type { ThemeConfig } from 'antd';
import { DEFAULT_THEME_COLOR, THEMES, type TSettings, type TTheme } from '../../stores/settings.ts';
import { AA_TEXT, fillUnderWhiteText, readableShade } from './contrast.ts';
import { matchesMedia, REDUCED_MOTION_QUERY } from '../../lib/media-query.ts';

/**
 * The four themes of SPEC 9. Each is a preset primary colour (the colour picker may change it
 * afterwards) plus the look of the sidebar and top bar; midnight is antd's dark algorithm.
 */
export interface TThemePreset {
  primary: string;
  dark: boolean;
  sider: 'dark' | 'light';
  siderBg: string;
  subMenuBg: string;
  headerBg: string;
}

export const THEME_PRESETS: Record<TTheme, TThemePreset> = {
  original: {
    primary: DEFAULT_THEME_COLOR,
    dark: false,
    sider: 'dark',
    siderBg: '#1f2d3d',
    subMenuBg: '#18232f',
    headerBg: '#ffffff',
  },
  tropical: {
    primary: '#ff7a45',
    dark: false,
    sider: 'dark',
    siderBg: '#0e4b4f',
    subMenuBg: '#0a3b3e',
    headerBg: '#fffaf5',
  },
  daydream: {
    primary: '#8c6dd8',
    dark: false,
    sider: 'light',
    siderBg: '#ffffff',
    subMenuBg: '#faf8ff',
    headerBg: '#ffffff',
  },
  midnight: {
    primary: '#4c8dff',
    dark: true,
    sider: 'dark',
    siderBg: '#0d1117',
    subMenuBg: '#090c10',
    headerBg: '#161b22',
  },
};

/** Settings come from localStorage: an unknown name falls back to the original theme. */
export function themePreset(name: string): TThemePreset {
  return (THEMES as readonly string[]).includes(name) ? THEME_PRESETS[name as TTheme] : THEME_PRESETS.original;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The backgrounds text sits on in antd's light and dark algorithms (container, layout, elevated). */
const LIGHT_BACKGROUNDS = ['#ffffff', '#f5f5f5'];
const DARK_BACKGROUNDS = ['#141414', '#000000', '#1f1f1f'];

/** Secondary text (descriptions, breadcrumbs, table hints, placeholders) dark enough for 4.5:1 on the layout grey. */
const LIGHT_TEXT_TERTIARY = 'rgba(0, 0, 0, 0.57)';
const DARK_TEXT_TERTIARY = 'rgba(255, 255, 255, 0.57)';

/**
 * The theme colour and its readable shades (WCAG 2.1 AA, 4.5:1). `primary` stays the colour for
 * fills, borders and accents; `text` carries text on the theme's backgrounds (links, selected tabs,
 * menu entries and pages); `fill` is a surface under white text (primary buttons, the selected
 * sidebar entry, chosen dates). Hover and pressed shades go further from the background, so they
 * stay readable too.
 */
export interface TThemeShades {
  primary: string;
  /** antd's lightest tint of the colour (colorPrimaryBg), on light themes */
  tint: string;
  text: string;
  textHover: string;
  textActive: string;
  fill: string;
  fillHover: string;
  fillActive: string;
}

/** antd's lightest tint of a colour (colorPrimaryBg of the default algorithm): a whole design token derived. */
export function computePrimaryTint(primary: string): string {
  return antdTheme.getDesignToken({ token: { colorPrimary: primary } }).colorPrimaryBg;
}

/**
 * computePrimaryTint of the preset colours, worked out ahead (theme.test.ts checks they agree): deriving
 * antd's design token took about a tenth of the signed-in dashboard's main-thread work before its first
 * paint on a 4x slower phone (issue 21). A colour picked by hand is still derived, once.
 */
export const PRESET_PRIMARY_TINTS: Readonly<Record<string, string>> = {
  '#18acaf': '#e1f0ee',
  '#ff7a45': '#fff7f0',
  '#8c6dd8': '#f7f0ff',
  '#4c8dff': '#f0f8ff',
};

const primaryTint = (primary: string): string =>
  PRESET_PRIMARY_TINTS[primary.toLowerCase()] ?? computePrimaryTint(primary);

export function themeShades(primary: string, preset: TThemePreset): TThemeShades {
  const backgrounds = [...(preset.dark ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS), preset.headerBg];
  if (preset.sider === 'light') backgrounds.push(preset.siderBg, preset.subMenuBg);
  // selected entries of light menus and primary tags put the text on the colour's own tint
  const tint = preset.dark ? primary : primaryTint(primary);
  if (!preset.dark) backgrounds.push(tint);
  return {
    primary,
    tint,
    text: readableShade(primary, backgrounds),
    textHover: readableShade(primary, backgrounds, AA_TEXT + 1),
    textActive: readableShade(primary, backgrounds, AA_TEXT + 2),
    fill: fillUnderWhiteText(primary),
    fillHover: fillUnderWhiteText(primary, AA_TEXT + 1),
    fillActive: fillUnderWhiteText(primary, AA_TEXT + 2),
  };
}

const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * Coloured tags (`<Tag color="cyan">`) print the palette's 7th shade on its 1st: a shade of the 7th
 * that reaches 4.5:1 on that tint and on the page. The palettes are antd's fixed ones, so this depends
 * only on the algorithm; PRESET_TAG_TEXT holds the result (theme.test.ts checks it against this).
 */
export function computePresetTagText(dark: boolean): Record<string, string> {
  const base = antdTheme.getDesignToken({ algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm });
  const page = dark ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS;
  return Object.fromEntries(
    PRESET_COLORS.map((c) => [`${c}7`, readableShade(base[`${c}7`], [base[`${c}1`], ...page])]),
  );
}

/**
 * computePresetTagText of the light and dark algorithms, worked out ahead: it derived antd's whole
 * design token at the first signed-in render (issue 21).
 */
export const PRESET_TAG_TEXT: Readonly<Record<'light' | 'dark', Readonly<Record<string, string>>>> = {
  light: {
    blue7: '#0958d9',
    purple7: '#531dab',
    cyan7: '#077d81',
    green7: '#2e810b',
    magenta7: '#c41d7f',
    pink7: '#c41d7f',
    red7: '#cf1322',
    orange7: '#b05907',
    yellow7: '#856f04',
    volcano7: '#d0370d',
    geekblue7: '#1d39c4',
    lime7: '#567c03',
    gold7: '#9c6404',
  },
  dark: {
    blue7: '#3c89e8',
    purple7: '#9d71d4',
    cyan7: '#33bcb7',
    green7: '#6abe39',
    magenta7: '#e0529c',
    pink7: '#e0529c',
    red7: '#e95052',
    orange7: '#e89a3c',
    yellow7: '#e8d639',
    volcano7: '#e87040',
    geekblue7: '#6381e3',
    lime7: '#a9d134',
    gold7: '#e8b339',
  },
};

const presetTagText = (dark: boolean): Record<string, string> => ({ ...PRESET_TAG_TEXT[dark ? 'dark' : 'light'] });

/**
 * antd theme for the settings: the chosen colour as colorPrimary and the chosen theme's algorithm
 * and sidebar/header colours. Pure, so the app's ConfigProvider and the layout agree.
 *
 * Contrast (WCAG 2.1 AA) is set here once, not in page CSS: text tokens (links, colorPrimaryText)
 * take the readable text shade, and the components that put text in the theme colour or white text
 * on it get the shade they need through their component tokens; fills without text keep the colour.
 */
/**
 * Whether the person asked their system for less motion (`prefers-reduced-motion: reduce`): drawers,
 * dialogs and dropdowns then open and close at once instead of sliding and zooming. Components pass
 * `useReducedMotion()` so a change of the system setting applies at once.
 */
export const prefersReducedMotion = (): boolean => matchesMedia(REDUCED_MOTION_QUERY);

/**
 * One config per (theme, colour, motion), built once: the config's readable shades take a good part of
 * the first signed-in render on a slow phone (issue 21), and the app's ConfigProvider and the frame's
 * both ask for it. The same object each time also lets antd reuse the theme it derived from it.
 */
const themeConfigCache = new Map<string, ThemeConfig>();

export function themeConfig(
  settings: Pick<TSettings, 'theme' | 'themeName'>,
  reducedMotion = prefersReducedMotion(),
): ThemeConfig {
  const key = `${settings.themeName}|${settings.theme}|${reducedMotion ? 1 : 0}`;
  let config = themeConfigCache.get(key);
  if (!config) {
    config = buildThemeConfig(settings, reducedMotion);
    themeConfigCache.set(key, config);
  }
  return config;
}

/** Every colour of a theme that is worked out for contrast: the theme colour's shades and the status colours. */
export interface TThemeColours {
  shade: TThemeShades;
  /** status text on the page's backgrounds */
  errorText: string;
  successText: string;
  warningText: string;
  /** light themes: status colours readable as text on white and on their own tint; none on dark */
  status?: { error: string; success: string; warning: string };
}

export function computeThemeColours(colorPrimary: string, preset: TThemePreset): TThemeColours {
  const shade = themeShades(colorPrimary, preset);
  const backgrounds = preset.dark ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS;
  return {
    shade,
    errorText: readableShade('#ff4d4f', backgrounds),
    successText: readableShade('#52c41a', backgrounds),
    warningText: readableShade('#faad14', backgrounds),
    ...(preset.dark
      ? {}
      : {
          status: {
            // also on the theme's tint (highlighted report cards)
            error: readableShade('#ff4d4f', [...backgrounds, '#fafafa', shade.tint]),
            success: readableShade('#52c41a', [...backgrounds, '#f6ffed']),
            warning: readableShade('#faad14', [...backgrounds, '#fffbe6']),
          },
        }),
  };
}

/**
 * computeThemeColours of each theme with its own colour, worked out ahead (theme.test.ts checks them):
 * the shade searches took about a twentieth of the signed-in dashboard's main-thread work before its
 * first paint on a slow phone (issue 21). A colour picked by hand is still worked out, once.
 */
export const PRESET_THEME_COLOURS: Readonly<Record<TTheme, TThemeColours>> = {
  original: {
    shade: {
      primary: '#18acaf',
      tint: '#e1f0ee',
      text: '#117779',
      textHover: '#0f696b',
      textActive: '#0d5d5e',
      fill: '#128385',
      fillHover: '#107476',
      fillActive: '#0f686a',
    },
    errorText: '#e30003',
    successText: '#368011',
    warningText: '#986603',
    status: {
      error: '#d90002',
      success: '#368011',
      warning: '#986603',
    },
  },
  tropical: {
    shade: {
      primary: '#ff7a45',
      tint: '#fff7f0',
      text: '#cf3b00',
      textHover: '#b53400',
      textActive: '#a22e00',
      fill: '#d93e00',
      fillHover: '#c13700',
      fillActive: '#ad3100',
    },
    errorText: '#e30003',
    successText: '#368011',
    warningText: '#986603',
    status: {
      error: '#e30003',
      success: '#368011',
      warning: '#986603',
    },
  },
  daydream: {
    shade: {
      primary: '#8c6dd8',
      tint: '#f7f0ff',
      text: '#7b57d2',
      textHover: '#6d45cd',
      textActive: '#6136c9',
      fill: '#8361d5',
      fillHover: '#7550d0',
      fillActive: '#6940cc',
    },
    errorText: '#e30003',
    successText: '#368011',
    warningText: '#986603',
    status: {
      error: '#e00003',
      success: '#368011',
      warning: '#986603',
    },
  },
  midnight: {
    shade: {
      primary: '#4c8dff',
      tint: '#4c8dff',
      text: '#4c8dff',
      textHover: '#5693ff',
      textActive: '#6ea3ff',
      fill: '#196cff',
      fillHover: '#005af8',
      fillActive: '#0050dc',
    },
    errorText: '#ff4d4f',
    successText: '#52c41a',
    warningText: '#faad14',
  },
};

function themeColours(colorPrimary: string, themeName: string, preset: TThemePreset): TThemeColours {
  const name: TTheme = (THEMES as readonly string[]).includes(themeName) ? (themeName as TTheme) : 'original';
  return colorPrimary.toLowerCase() === preset.primary
    ? PRESET_THEME_COLOURS[name]
    : computeThemeColours(colorPrimary, preset);
}

/**
 * In the built app antd's component styles are static CSS, extracted at build (vite-antd-css.ts): antd
 * then writes only the theme's CSS variables, not the components' styles, and class names carry no
 * hash. Dev and the unit tests keep antd's run-time styles.
 */
const ANTD_STATIC_CSS: Pick<ThemeConfig, 'zeroRuntime' | 'hashed'> =
  import.meta.env.RA_ANTD_STATIC_CSS === 'true' ? { zeroRuntime: true, hashed: false } : {};

type TAlgorithm = typeof antdTheme.darkAlgorithm;

/** The theme's derived tokens by the seed they were derived from (JSON): see `memoized`. */
const derived = new Map<string, ReturnType<TAlgorithm>>();
/** The seeds kept: the themes of a session, not every colour a person drags the picker across. */
const DERIVED_KEPT = 8;

/**
 * antd's algorithm, remembered by its seed. Deriving a theme's tokens (every colour's palette, the
 * sizes) takes 8-11 ms of the first signed-in render on the test machine, four times that on issue
 * 21's phone, in one piece that the render cannot split. `prepareThemeTokens` derives them as the
 * frame's code arrives, while the page still waits for its data; the render then finds them here.
 * A second call (the dark algorithm builds on the default one's tokens) is passed through.
 */
function memoized(algorithm: TAlgorithm): TAlgorithm {
  return (seed, mapToken) => {
    if (mapToken) return algorithm(seed, mapToken);
    const key = JSON.stringify(seed);
    let tokens = derived.get(key);
    if (!tokens) {
      tokens = algorithm(seed);
      if (derived.size >= DERIVED_KEPT) derived.delete(derived.keys().next().value ?? '');
      derived.set(key, tokens);
    }
    return tokens;
  };
}

/** One function each, for the theme's lifetime: antd keeps a theme per algorithm. */
const DEFAULT_ALGORITHM = memoized(antdTheme.defaultAlgorithm);
const DARK_ALGORITHM = memoized(antdTheme.darkAlgorithm);

/**
 * Derives the tokens of a theme ahead of its first render (app/router.tsx, as the signed-in frame's
 * code arrives): antd derives from its default seed with the theme's tokens laid over it, the seed
 * this derives from too.
 */
export function prepareThemeTokens(config: ThemeConfig): void {
  const algorithm = config.algorithm;
  if (typeof algorithm !== 'function') return;
  algorithm({ ...antdTheme.defaultSeed, ...config.token });
}

/** How many seeds have been derived (a test's view of the memo). */
export const derivedSeedCount = (): number => derived.size;

function buildThemeConfig(settings: Pick<TSettings, 'theme' | 'themeName'>, reducedMotion: boolean): ThemeConfig {
  const preset = themePreset(settings.themeName);
  const colorPrimary = HEX_COLOR.test(settings.theme) ? settings.theme : preset.primary;
  const colours = themeColours(colorPrimary, settings.themeName, preset);
  const shade = colours.shade;
  const tertiary = preset.dark ? DARK_TEXT_TERTIARY : LIGHT_TEXT_TERTIARY;
  const textTokens = {
    colorPrimaryText: shade.text,
    colorPrimaryTextHover: shade.textHover,
    colorPrimaryTextActive: shade.textActive,
    colorLink: shade.text,
    colorLinkHover: shade.textHover,
    colorLinkActive: shade.textActive,
  };
  return {
    ...ANTD_STATIC_CSS,
    algorithm: preset.dark ? DARK_ALGORITHM : DEFAULT_ALGORITHM,
    token: {
      colorPrimary,
      ...textTokens,
      // antd's own switch for every component's animation
      motion: !reducedMotion,
      colorTextTertiary: tertiary,
      colorTextDescription: tertiary,
      colorTextPlaceholder: tertiary,
      colorErrorText: colours.errorText,
      colorSuccessText: colours.successText,
      colorWarningText: colours.warningText,
      // status tags and changes print these colours as text on white and on their own tint
      ...(colours.status
        ? {
            colorError: colours.status.error,
            colorSuccess: colours.status.success,
            colorWarning: colours.status.warning,
          }
        : {}),
      ...presetTagText(preset.dark),
    },
    components: {
      Layout: { siderBg: preset.siderBg, lightSiderBg: preset.siderBg, headerBg: preset.headerBg },
      Menu: {
        darkItemBg: preset.siderBg,
        darkSubMenuItemBg: preset.subMenuBg,
        darkPopupBg: preset.siderBg,
        darkItemSelectedBg: shade.fill,
        itemSelectedColor: shade.text,
        subMenuItemSelectedColor: shade.text,
        horizontalItemSelectedColor: shade.text,
      },
      // primary buttons are white text on the theme colour: a fill shade; link and hovered default buttons are text
      Button: {
        colorPrimary: shade.fill,
        colorPrimaryHover: shade.fillHover,
        colorPrimaryActive: shade.fillActive,
        ...textTokens,
        defaultHoverColor: shade.textHover,
        defaultActiveColor: shade.textActive,
        defaultHoverBorderColor: colorPrimary,
        defaultActiveBorderColor: shade.textActive,
      },
      // switches with text put white text on the checked fill (global.css darkens the unchecked grey)
      Switch: { colorPrimary: shade.fill, colorPrimaryHover: shade.fillHover },
      Tabs: {
        itemSelectedColor: shade.text,
        itemHoverColor: shade.textHover,
        itemActiveColor: shade.textActive,
        inkBarColor: colorPrimary,
      },
      Pagination: { itemActiveColor: shade.text, itemActiveColorHover: shade.textHover },
      Radio: {
        buttonSolidCheckedBg: shade.fill,
        buttonSolidCheckedHoverBg: shade.fillHover,
        buttonSolidCheckedActiveBg: shade.fillActive,
        colorPrimary: shade.text,
        colorPrimaryHover: shade.textHover,
        colorPrimaryActive: shade.textActive,
      },
      // the chosen date is white text on the colour
      DatePicker: { colorPrimary: shade.fill },
      Calendar: { colorPrimary: shade.fill },
      // coloured tags read their palette here too (the global palette override does not reach them)
      Tag: presetTagText(preset.dark),
      Typography: textTokens,
      Breadcrumb: { linkHoverColor: shade.textHover },
    },
  };
}
