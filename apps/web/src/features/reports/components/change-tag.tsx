import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import { useTranslation } from 'react-i18next';
import { changeTone, describeChange } from '../../../lib/period-change.ts';

/**
 * The change from the previous period, with an arrow and colour: green when the move is good news, red
 * when not (for discounts, comps, voids and refunds, up is bad).
 */
export function ChangeTag({
  current,
  previous,
  higherIsBetter = true,
}: {
  current: number;
  previous: number | null | undefined;
  higherIsBetter?: boolean;
}) {
  const { t } = useTranslation('reports');
  const change = describeChange(current, previous);
  const tone = changeTone(change.trend, higherIsBetter);
  const label =
    change.trend === 'up'
      ? t('change.up', { value: change.text })
      : change.trend === 'down'
        ? t('change.down', { value: change.text })
        : change.trend === 'flat'
          ? t('change.flat')
          : t('change.none');
  return (
    <span className={`ra-change ra-change--${tone}`} data-trend={change.trend} title={label} aria-label={label}>
      {change.trend === 'up' && <ArrowUpOutlined aria-hidden />}
      {change.trend === 'down' && <ArrowDownOutlined aria-hidden />}
      <span>{change.text}</span>
    </span>
  );
}
