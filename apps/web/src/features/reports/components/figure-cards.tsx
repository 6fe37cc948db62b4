import { useTranslation } from 'react-i18next';
import { ChangeTag } from './change-tag.tsx';

export interface TFigure {
  key: string;
  label: string;
  current: number;
  previous: number | null | undefined;
  format: (value: number) => string;
  /** Discounts, comps, voids, refunds: a rise is bad news, coloured red. */
  higherIsBetter?: boolean;
  /** The headline figures get a bigger card. */
  emphasis?: boolean;
}

/** Cards of figures, each with the previous period's figure and the change. */
export function FigureCards({ figures }: { figures: readonly TFigure[] }) {
  const { t } = useTranslation('reports');
  return (
    <div className="ra-report-cards">
      {figures.map((f) => (
        <div
          key={f.key}
          className={`ra-report-card${f.emphasis ? ' ra-report-card--emphasis' : ''}`}
          data-figure={f.key}
          role="group"
          aria-label={f.label}
        >
          <div className="ra-report-card__label">{f.label}</div>
          <div className="ra-report-card__value">{f.format(f.current)}</div>
          <div className="ra-report-card__compare">
            <ChangeTag current={f.current} previous={f.previous} higherIsBetter={f.higherIsBetter ?? true} />
            <span className="ra-report-card__previous">
              {t('compare.previous', {
                value: f.previous === null || f.previous === undefined ? '—' : f.format(f.previous),
              })}
            </span>
          </div>
        </div>
      ))}
    </div>
  );
}
