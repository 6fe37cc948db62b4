import { sparklinePoints } from '../agent-format.ts';

/** This month's sales per day as a small line; the figure beside it carries the words. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  return (
    <svg width={80} height={22} role="img" aria-label={label} style={{ verticalAlign: 'middle' }}>
      <polyline
        points={sparklinePoints(values, 78, 20)}
        fill="none"
        stroke="#117a7c"
        strokeWidth={1.5}
        transform="translate(1,1)"
      />
    </svg>
  );
}
