import type { TQuadrant } from '@ra/shared/insight/menu-engineering';

/** One colour per quadrant, the same in the chart and the table's tags. */
export const QUADRANT_COLORS: Record<TQuadrant, string> = {
  star: '#52c41a',
  plowhorse: '#1677ff',
  puzzle: '#faad14',
  dog: '#ff4d4f',
};
