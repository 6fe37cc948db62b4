import { useTranslation } from 'react-i18next';
import type { TOperationFigures } from '@ra/shared/reports/reports.schemas';
import { useOperation } from '../api/get-operation.ts';
import { count, money } from '../report-format.ts';
import type { TReportRange } from '../report-range.ts';
import { FigureCards, type TFigure } from './figure-cards.tsx';
import { NoSales, QueryState } from './query-state.tsx';
import { SameTimeNote } from './same-time-note.tsx';

const OPERATION_FIGURES: Array<{
  key: keyof TOperationFigures;
  format: (v: number) => string;
  higherIsBetter?: boolean;
}> = [
  { key: 'orderCount', format: count },
  { key: 'guestCount', format: count },
  { key: 'averageCheckCents', format: money },
  { key: 'averageGuestCents', format: money },
  // a faster table turn seats more guests
  { key: 'averageTurnMinutes', format: count, higherIsBetter: false },
  { key: 'openOrderCount', format: count, higherIsBetter: false },
  { key: 'voidedOrderCount', format: count, higherIsBetter: false },
  { key: 'refundCount', format: count, higherIsBetter: false },
];

/** Operation (SPEC 2 section "operation"): how the floor ran, against the previous period. */
export function OperationSection({ range }: { range: TReportRange }) {
  const { t } = useTranslation('reports');
  const query = useOperation(range);
  return (
    <QueryState query={query} shape="cards">
      {(data) => {
        const figures: TFigure[] = OPERATION_FIGURES.map((f) => ({
          key: f.key,
          label: t(`figures.${f.key}`),
          current: data.current[f.key] ?? 0,
          previous: data.previous ? (data.previous[f.key] ?? null) : null,
          format: f.key === 'averageTurnMinutes' ? (v) => t('format.minutes', { value: v.toFixed(0) }) : f.format,
          higherIsBetter: f.higherIsBetter,
        }));
        if (data.current.averageTurnMinutes === null) {
          const turn = figures.find((f) => f.key === 'averageTurnMinutes');
          if (turn) turn.format = () => '—';
        }
        return (
          <div className="ra-report__body">
            {data.current.orderCount === 0 && <NoSales />}
            <SameTimeNote sameTime={data.sameTime} previousRange={data.previousRange} />
            <FigureCards figures={figures} />
          </div>
        );
      }}
    </QueryState>
  );
}
