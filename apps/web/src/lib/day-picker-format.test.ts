// @vitest-environment node
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatDay } from '@ra/shared/format/locale-format';
import { dayPickerFormat } from './day-picker-format.ts';

dayjs.extend(customParseFormat);

describe('dayPickerFormat', () => {
  it('writes a day as the rest of the page does, not as ISO', () => {
    const day = dayjs('2026-03-14');
    expect(day.format(dayPickerFormat('en')[0])).toBe(formatDay('2026-03-14', 'en'));
    expect(day.format(dayPickerFormat('zh')[0])).toBe(formatDay('2026-03-14', 'zh'));
  });

  it('still reads a day typed as ISO or the US way', () => {
    for (const [text, lang] of [
      ['2026-03-14', 'en'],
      ['3/14/2026', 'en'],
      ['Mar 14, 2026', 'en'],
      ['2026-03-14', 'zh'],
      ['2026年3月14日', 'zh'],
    ] as const) {
      const parsed = dayPickerFormat(lang)
        .map((f) => dayjs(text, f, true))
        .find((d) => d.isValid());
      expect(parsed?.format('YYYY-MM-DD'), text).toBe('2026-03-14');
    }
  });
});
