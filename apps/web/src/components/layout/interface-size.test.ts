// @vitest-environment node
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdSize, INTERFACE_FONT_SIZE, withInterfaceSize } from './interface-size.ts';

describe(withInterfaceSize.name, () => {
  it('gives each interface size its own text size and keeps the chosen colour', () => {
    const base = { token: { colorPrimary: '#18acaf' } };
    const sizes = (['small', 'medium', 'large'] as const).map((size) => {
      const token = theme.getDesignToken(withInterfaceSize(base, size));
      expect(token.colorPrimary).toBe('#18acaf');
      return token.fontSize;
    });
    expect(sizes).toEqual([12, 14, 16]);
    expect(INTERFACE_FONT_SIZE.medium).toBe(theme.getDesignToken().fontSize);
  });

  it('maps the remembered size to antd component sizes', () => {
    expect(['small', 'medium', 'large'].map((s) => antdSize(s as 'small'))).toEqual(['small', 'middle', 'large']);
  });
});
