import { useState } from 'react';
import { Button, DatePicker, Popover, Radio, Space, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TLibraryRow } from '@ra/shared/menu/menu.schemas';
import { useSetSoldOut } from '../api/set-sold-out.ts';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { isBeforeRestaurantToday, pickedToIso, useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { dayPickerKeys } from '../../../components/date-input.tsx';

type TUntil = 'endOfDay' | 'time' | 'never';

/**
 * 86 / sold out from the list (issue 8): switching it on asks until when: the end of the business day
 * (the default, then back on sale by itself), a time, or until switched back on. Off is one click.
 */
export function SoldOutToggle({ row }: { row: Pick<TLibraryRow, 'id' | 'name' | 'soldOut' | 'soldOutUntil'> }) {
  const { t } = useTranslation('menu');
  const mutation = useSetSoldOut();
  const [open, setOpen] = useState(false);
  const [until, setUntil] = useState<TUntil>('endOfDay');
  const [at, setAt] = useState<Dayjs | null>(null);
  const time = useRestaurantTime();

  const markSoldOut = () => {
    const value = until === 'endOfDay' ? 'endOfDay' : until === 'never' ? null : at && pickedToIso(at, time.zone);
    if (until === 'time' && !at) return;
    mutation.mutate(
      { ids: [row.id], soldOut: true, until: value },
      {
        onSuccess: () => {
          setOpen(false);
          showSuccessMessage(t('soldOut.marked', { name: row.name }));
        },
      },
    );
  };

  const content = (
    <Space direction="vertical" style={{ maxWidth: 280 }} data-sold-out-popover>
      <Radio.Group
        value={until}
        onChange={(e) => setUntil(e.target.value as TUntil)}
        aria-label={t('soldOut.untilLabel')}
        options={[
          { value: 'endOfDay', label: t('soldOut.endOfDay') },
          { value: 'time', label: t('soldOut.untilTime') },
          { value: 'never', label: t('soldOut.untilBack') },
        ]}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
      {until === 'time' && (
        <DatePicker
          {...dayPickerKeys}
          showTime={{ format: 'HH:mm', minuteStep: 15 }}
          format="YYYY-MM-DD HH:mm"
          value={at}
          onChange={setAt}
          disabledDate={(d) => isBeforeRestaurantToday(d, time.zone)}
          aria-label={t('soldOut.untilTime')}
        />
      )}
      {until === 'time' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('common:zone.note', { zone: time.label })}
        </Typography.Text>
      )}
      <Space>
        <Button
          type="primary"
          danger
          loading={mutation.isPending}
          onClick={markSoldOut}
          disabled={until === 'time' && !at}
        >
          {t('soldOut.confirm')}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
      </Space>
    </Space>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (!next) setOpen(false);
      }}
      trigger="click"
      title={t('soldOut.title', { name: row.name })}
      content={content}
    >
      <Switch
        checked={row.soldOut}
        loading={mutation.isPending}
        aria-label={t('soldOut.switch', { name: row.name })}
        onClick={(_checked, event) => {
          event.stopPropagation();
          if (row.soldOut) {
            mutation.mutate(
              { ids: [row.id], soldOut: false, until: null },
              { onSuccess: () => showSuccessMessage(t('soldOut.back', { name: row.name })) },
            );
          } else {
            setUntil('endOfDay');
            setOpen(true);
          }
        }}
      />
    </Popover>
  );
}
