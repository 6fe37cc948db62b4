import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR } from '../../stores/settings.ts';
import { THEME_PRESETS, themeConfig } from './theme.ts';

describe(themeConfig.name, () => {
  it('original: the default colour #18acaf on the light algorithm with a dark sidebar', () => {
    const config = themeConfig({ theme: DEFAULT_THEME_COLOR, themeName: 'original' });
    expect(config.token?.colorPrimary).toBe('#18acaf');
    expect(config.algorithm).toBe(theme.defaultAlgorithm);
    expect(config.components?.Layout?.siderBg).toBe(THEME_PRESETS.original.siderBg);
    expect(config.components?.Menu?.darkItemBg).toBe(THEME_PRESETS.original.siderBg);
  });

  it('midnight uses the dark algorithm', () => {
    expect(themeConfig({ theme: THEME_PRESETS.midnight.primary, themeName: 'midnight' }).algorithm).toBe(
      theme.darkAlgorithm,
    );
  });

  it('tropical and daydream are light themes with their own sidebar and header', () => {
    for (const name of ['tropical', 'daydream'] as const) {
      const config = themeConfig({ theme: THEME_PRESETS[name].primary, themeName: name });
      expect(config.algorithm).toBe(theme.defaultAlgorithm);
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

  it('treats an unknown stored theme name as original', () => {
    const config = themeConfig({ theme: '#123456', themeName: 'neon' as never });
    expect(config.algorithm).toBe(theme.defaultAlgorithm);
    expect(config.components?.Layout?.siderBg).toBe(THEME_PRESETS.original.siderBg);
  });
});
