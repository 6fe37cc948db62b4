import { useMemo, useState } from 'react';
import { Alert, Button, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/request.ts';
import { useUpdateRestConfig } from '../api/update-rest-config.ts';
import { supportedTimeZones, timeZoneMatches, timeZoneOptions, type TTimeZoneOption } from '../time-zones.ts';

/**
 * SPEC 2 "Login step after sign-in: choose the time zone": a restaurant without one cannot place its
 * orders in business days, so it picks one before anything else. The search finds a zone by city and
 * by its common name in either language ("Phila", "Eastern Time", "美东时间").
 */
export function TimeZoneForm({
  defaultZone,
  suggestion,
  onSaved,
}: {
  /** The suggested zone (the restaurant's address state, else none): preselected, never saved unseen. */
  defaultZone: string | undefined;
  /** Where the suggestion comes from, shown under the field. */
  suggestion?: string;
  onSaved: () => Promise<void> | void;
}) {
  const { t } = useTranslation('auth');
  const update = useUpdateRestConfig();
  const [zone, setZone] = useState<string | undefined>(defaultZone);
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
      <Form.Item
        label={t('timeZone.label')}
        required
        extra={
          <>
            {suggestion && zone === defaultZone && <div>{suggestion}</div>}
            <div>{t('timeZone.help')}</div>
          </>
        }
      >
        <Select
          showSearch={{
            // group headings carry no `search`; antd asks about their zones one by one
            filterOption: (input, option) => {
              const search = (option as Partial<TTimeZoneOption> | undefined)?.search;
              return typeof search === 'string' && timeZoneMatches({ search }, input);
            },
          }}
          value={zone}
          onChange={setZone}
          options={options}
          placeholder={t('timeZone.placeholder')}
          aria-label={t('timeZone.label')}
          size="large"
          data-testid="time-zone-select"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" disabled={!zone} loading={update.isPending}>
        {t('timeZone.save')}
      </Button>
    </Form>
  );
}
