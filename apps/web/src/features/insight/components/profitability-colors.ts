import type { TQuadrant } from '@ra/shared/insight/menu-engineering';

/** One colour per quadrant, the same in the chart and the table's tags. */
export const QUADRANT_COLORS: Record<TQuadrant, string> = {
  star: '#52c41a',
  plowhorse: '#1677ff',
  puzzle: '#faad14',
  dog: '#ff4d4f',
};

/** The table's tags: antd's preset of each colour, whose dark text on a light fill meets WCAG AA contrast. */
export const QUADRANT_TAGS: Record<TQuadrant, string> = {
  star: 'green',
  plowhorse: 'blue',
  puzzle: 'gold',
  dog: 'red',
};
