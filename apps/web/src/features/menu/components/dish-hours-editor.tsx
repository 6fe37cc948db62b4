import { Button, Checkbox, Input, Space, TimePicker, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { describeDishHours, formatDishHours, parseDishHours, type TDishHourRange } from '@ra/shared/menu/dish-hours';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toDisplayLanguage } from '@ra/shared/format/locale-format';

const HM = 'HH:mm';
const WEEK = [1, 2, 3, 4, 5, 6, 0];
// A time of day only: built on a fixed day without a daylight-saving change, since adding minutes to
// today's midnight in the browser's zone shows 03:30 for 02:30 on a spring-forward day.
const toTime = (minutes: number) => dayjs(new Date(2000, 0, 10, Math.floor(minutes / 60), minutes % 60));

/**
 * Dish hours (SPEC 5 "07:00-11:00;1-5", days 0-6): edited as rows of a time range and the days it
 * starts on; the text the server stores stays visible (and editable) beside it, with the schedule in
 * words underneath, e.g. "Mon–Fri 7:00–11:00". An empty value means "any time".
 */
export function DishHoursEditor({
  value = '',
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('menu');
  const lang = toDisplayLanguage(currentLanguage());
  const ranges = parseDishHours(value);
  const set = (next: TDishHourRange[]) => onChange?.(formatDishHours(next));
  const dayNames = t('dishHours.dayNames').split(',');

  return (
    <div className="ra-dish-hours">
      {ranges?.map((range, index) => (
        <div key={index} className="ra-item-form__option">
          <Space wrap align="center">
            <TimePicker.RangePicker
              format={HM}
              minuteStep={5}
              order={false}
              allowClear={false}
              aria-label={t('dishHours.times', { n: index + 1 })}
              value={[toTime(range.startMinutes), toTime(range.endMinutes % 1440)]}
              onChange={(v) => {
                if (!v?.[0] || !v[1]) return;
                const start = v[0].hour() * 60 + v[0].minute();
                let end = v[1].hour() * 60 + v[1].minute();
                if (end === 0) end = 1440;
                if (start === end) return;
                set(ranges.map((r, i) => (i === index ? { ...r, startMinutes: start, endMinutes: end } : r)));
              }}
            />
            <Checkbox.Group
              aria-label={t('dishHours.days', { n: index + 1 })}
              value={range.days}
              options={WEEK.map((d) => ({ value: d, label: dayNames[d] ?? String(d) }))}
              onChange={(days) => {
                if (days.length === 0) return;
                set(ranges.map((r, i) => (i === index ? { ...r, days: [...days].sort((a, b) => a - b) } : r)));
              }}
            />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('dishHours.remove', { n: index + 1 })}
              onClick={() => set(ranges.filter((_, i) => i !== index))}
            />
          </Space>
        </div>
      ))}
      <Space wrap>
        <Button
          icon={<PlusOutlined />}
          onClick={() => set([...(ranges ?? []), { startMinutes: 7 * 60, endMinutes: 11 * 60, days: [1, 2, 3, 4, 5] }])}
          disabled={ranges === null}
        >
          {t('dishHours.add')}
        </Button>
        <Input
          id={id}
          aria-label={t('dishHours.text')}
          value={value}
          placeholder="07:00-11:00;1-5"
          onChange={(e) => onChange?.(e.target.value)}
          style={{ width: 260 }}
          status={ranges === null ? 'error' : undefined}
        />
      </Space>
      <Typography.Paragraph type="secondary" className="ra-item-form__hint" data-dish-hours-words>
        {ranges === null ? t('dishHours.invalid') : describeDishHours(value, lang)}
      </Typography.Paragraph>
    </div>
  );
}
