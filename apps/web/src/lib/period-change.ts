import { changeRatio } from '@ra/shared/reports/report-math';
import { percent } from './percent.ts';

export type TTrend = 'up' | 'down' | 'flat' | 'none';

export interface TChange {
  /** Signed percentage text ('+12.5%', '-3.0%', '0.0%'), or '—' when there is nothing to compare with. */
  text: string;
  trend: TTrend;
}

/**
 * The change from the previous period as shown beside a figure. No previous figure (compare off) or a
 * previous 0 (growth from nothing has no percentage, report-math `changeRatio`) shows a dash.
 */
export function describeChange(current: number, previous: number | null | undefined): TChange {
  if (previous === null || previous === undefined) return { text: '—', trend: 'none' };
  const ratio = changeRatio(current, previous);
  if (ratio === null) return { text: '—', trend: current === 0 ? 'flat' : 'none' };
  const text = percent(Math.abs(ratio));
  if (text === '0.0%') return { text, trend: 'flat' };
  return ratio > 0 ? { text: `+${text}`, trend: 'up' } : { text: `-${text}`, trend: 'down' };
}

/**
 * Whether a move is good news: more sales is, but more discounts, comps, voids or refunds is not, so
 * those figures are coloured the other way round.
 */
export function changeTone(trend: TTrend, higherIsBetter: boolean): 'good' | 'bad' | 'neutral' {
  if (trend !== 'up' && trend !== 'down') return 'neutral';
  return (trend === 'up') === higherIsBetter ? 'good' : 'bad';
}
