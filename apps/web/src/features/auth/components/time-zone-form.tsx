import { useMemo, useState } from 'react';
import { Alert, Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/request.ts';
import { useUpdateRestConfig } from '../api/update-rest-config.ts';
import { browserTimeZone, supportedTimeZones, timeZoneOptions } from '../time-zones.ts';

/**
 * SPEC 2 "Login step after sign-in: choose the time zone": a restaurant without one cannot place its
 * orders in business days, so it picks one before anything else.
 */
export function TimeZoneForm({ onSaved }: { onSaved: () => Promise<void> | void }) {
  const { t } = useTranslation('auth');
  const update = useUpdateRestConfig();
  const [zone, setZone] = useState<string | undefined>(browserTimeZone());
  const options = useMemo(() => {
    const all = timeZoneOptions(supportedTimeZones());
    return [
      { label: t('timeZone.groupUs'), title: 'us', options: all.filter((o) => o.group === 'us') },
      { label: t('timeZone.groupOther'), title: 'other', options: all.filter((o) => o.group === 'other') },
    ];
  }, [t]);

  async function save(): Promise<void> {
    if (!zone) return;
    await update.mutateAsync({ name: 'timezone', value: zone });
    await onSaved();
  }

  return (
    <Form layout="vertical" onFinish={() => void save().catch(() => undefined)}>
      {update.isError && <Alert type="error" showIcon title={errorText(update.error)} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('timeZone.label')} required extra={t('timeZone.help')}>
        <Select
          showSearch={{ optionFilterProp: ['label', 'value'] }}
          value={zone}
          onChange={setZone}
          options={options}
          placeholder={t('timeZone.placeholder')}
          aria-label={t('timeZone.label')}
          size="large"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" disabled={!zone} loading={update.isPending}>
        {t('timeZone.save')}
      </Button>
    </Form>
  );
}
