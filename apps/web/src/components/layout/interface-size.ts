import type { ThemeConfig } from 'antd';
import type { TSize } from '../../stores/app.ts';

/**
 * SPEC 9 "Font sizes small, regular, large": the base text size of each interface size. antd derives
 * every other text size from `fontSize` (table cells, menus, headings), so one token per size makes
 * the setting reach the text as well as the controls' height (componentSize).
 */
export const INTERFACE_FONT_SIZE: Record<TSize, number> = { small: 12, medium: 14, large: 16 };

/** The app store says 'medium' (SPEC 2 default size); antd calls it 'middle'. */
export function antdSize(size: TSize): 'small' | 'middle' | 'large' {
  return size === 'medium' ? 'middle' : size;
}

/** A theme with the text size of the interface size laid over it. */
export function withInterfaceSize(theme: ThemeConfig, size: TSize): ThemeConfig {
  return { ...theme, token: { ...theme.token, fontSize: INTERFACE_FONT_SIZE[size] } };
}
