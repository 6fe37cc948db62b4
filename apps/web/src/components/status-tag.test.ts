import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from './layout/contrast.ts';
import { STATUS_TONES } from './status-tag.tsx';

describe('StatusTag tones', () => {
  it.each(Object.entries(STATUS_TONES))('%s text reaches 4.5:1 on its fill and on white', (_, tone) => {
    expect(contrastRatio(tone.color, tone.background)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(tone.color, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('draws a border that stands out from the fill, so no tone looks like a disabled control', () => {
    for (const tone of Object.values(STATUS_TONES))
      expect(contrastRatio(tone.border, tone.background)).toBeGreaterThan(1.5);
  });
});
