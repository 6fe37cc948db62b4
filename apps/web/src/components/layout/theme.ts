import { theme as antdTheme } from 'antd';
import type { ThemeConfig } from 'antd';
import { DEFAULT_THEME_COLOR, THEMES, type TSettings, type TTheme } from '../../stores/settings.ts';

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

/**
 * antd theme for the settings: the chosen colour as colorPrimary and the chosen theme's algorithm
 * and sidebar/header colours. Pure, so the app's ConfigProvider and the layout agree.
 */
export function themeConfig(settings: Pick<TSettings, 'theme' | 'themeName'>): ThemeConfig {
  const preset = themePreset(settings.themeName);
  const colorPrimary = HEX_COLOR.test(settings.theme) ? settings.theme : preset.primary;
  return {
    algorithm: preset.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary },
    components: {
      Layout: { siderBg: preset.siderBg, lightSiderBg: preset.siderBg, headerBg: preset.headerBg },
      Menu: { darkItemBg: preset.siderBg, darkSubMenuItemBg: preset.subMenuBg, darkPopupBg: preset.siderBg },
    },
  };
}
