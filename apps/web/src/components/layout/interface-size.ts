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

const sized = new WeakMap<ThemeConfig, Map<TSize, ThemeConfig>>();

/**
 * A theme with the text size of the interface size laid over it; the same object for the same theme
 * and size, so antd, which keeps its tokens by theme object, works them out once (issue 21).
 */
export function withInterfaceSize(theme: ThemeConfig, size: TSize): ThemeConfig {
  let bySize = sized.get(theme);
  if (!bySize) {
    bySize = new Map();
    sized.set(theme, bySize);
  }
  let config = bySize.get(size);
  if (!config) {
    config = { ...theme, token: { ...theme.token, fontSize: INTERFACE_FONT_SIZE[size] } };
    bySize.set(size, config);
  }
  return config;
}
