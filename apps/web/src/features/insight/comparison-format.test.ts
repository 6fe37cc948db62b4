import { describe, expect, it } from 'vitest';
import { changeText, presetRange, shareText } from './comparison-format.ts';

describe('comparison presets', () => {
  it('counts complete days back from today', () => {
    expect(presetRange('last7', '2026-03-14')).toEqual({ from: '2026-03-07', to: '2026-03-13' });
    expect(presetRange('last30', '2026-03-14')).toEqual({ from: '2026-02-12', to: '2026-03-13' });
    expect(presetRange('thisMonth', '2026-03-14')).toEqual({ from: '2026-03-01', to: '2026-03-14' });
    expect(presetRange('lastMonth', '2026-03-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('writes changes and shares', () => {
    expect(changeText(110, 100)).toBe('+10.0%');
    expect(changeText(50, 100)).toBe('-50.0%');
    expect(changeText(5, 0)).toBe('');
    expect(shareText({ laborShare: 0.234 })).toBe('23.4%');
    expect(shareText({ laborShare: null })).toBe('—');
  });
});
