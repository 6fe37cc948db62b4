import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Input, Radio, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ZUpdatePlatformRequest,
  type TMarkup,
  type TMenuMapping,
  type TPlatformConnection,
  type TPlatformHours,
} from '@ra/shared/delivery/delivery.schemas';
import { formatCents, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useMenuPreview } from '../api/get-menu-preview.ts';
import { useUpdatePlatform } from '../api/update-platform.ts';
import { problemText } from './problem-text.ts';
import { NumberInput } from '../../../components/number-input.tsx';

/**
 * A platform's markup, hours and menu mapping. The hours editor offers one range per day (the
 * schema takes up to four; a second range waits for a later change). Checked with the shared schema.
 */
export function PlatformSettingsDrawer({
  connection,
  onClose,
}: {
  connection: TPlatformConnection | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery');
  const save = useUpdatePlatform();
  const preview = useMenuPreview(connection?.platform ?? null);
  const lang = toDisplayLanguage(currentLanguage());
  const [markup, setMarkup] = useState<TMarkup>({ kind: 'percent', basisPoints: 0 });
  const [hours, setHours] = useState<TPlatformHours | null>(null);
  const [mapping, setMapping] = useState<TMenuMapping>({ excludedCategories: [], excludedItems: [] });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!connection) return;
    setMarkup(connection.markup);
    setHours(connection.hours);
    setMapping(connection.mapping);
    setError(null);
    save.reset();
    // refill when another platform opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection?.platform]);

  const submit = async () => {
    const parsed = ZUpdatePlatformRequest.safeParse({ markup, hours, mapping });
    if (!parsed.success) {
      setError(translateServerMessage(parsed.error.issues[0]?.message ?? '', currentLanguage()));
      return;
    }
    setError(null);
    await save.mutateAsync({ platform: connection!.platform, ...parsed.data });
    showSuccessMessage(t('settings.saved'));
  };

  const setRange = (day: number, range: { open: string; close: string } | null) =>
    setHours((h) => (h ? { ...h, weekly: h.weekly.map((r, i) => (i === day ? (range ? [range] : []) : r)) } : h));

  const excluded = new Set(mapping.excludedCategories);
  return (
    <Drawer
      open={connection !== undefined}
      onClose={onClose}
      size={560}
      title={connection ? t('settings.title', { platform: connection.label }) : ''}
      footer={
        <Space>
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
            {t('actions.save')}
          </Button>
          <Button onClick={onClose}>{t('actions.close')}</Button>
        </Space>
      }
    >
      <section className="ra-delivery__section" aria-labelledby="ra-delivery-markup">
        <Typography.Title level={3} id="ra-delivery-markup" className="ra-delivery__h3">
          {t('settings.markup')}
        </Typography.Title>
        <Radio.Group
          aria-label={t('settings.markupKind')}
          value={markup.kind}
          onChange={(e) =>
            setMarkup(e.target.value === 'percent' ? { kind: 'percent', basisPoints: 0 } : { kind: 'fixed', cents: 0 })
          }
          options={[
            { value: 'percent', label: t('settings.markupPercent') },
            { value: 'fixed', label: t('settings.markupFixed') },
          ]}
        />
        <div className="ra-delivery__field">
          {markup.kind === 'percent' ? (
            <NumberInput
              decimals={2}
              aria-label={t('settings.markupValuePercent')}
              addonAfter="%"
              value={markup.basisPoints / 100}
              onChange={(v) => setMarkup({ kind: 'percent', basisPoints: Math.round(Number(v ?? 0) * 100) })}
            />
          ) : (
            <NumberInput
              decimals={2}
              aria-label={t('settings.markupValueFixed')}
              prefix="$"
              value={markup.cents / 100}
              onChange={(v) => setMarkup({ kind: 'fixed', cents: Math.round(Number(v ?? 0) * 100) })}
            />
          )}
        </div>
      </section>

      {hours ? (
        <section className="ra-delivery__section" aria-labelledby="ra-delivery-hours">
          <Typography.Title level={3} id="ra-delivery-hours" className="ra-delivery__h3">
            {t('settings.hours')}
          </Typography.Title>
          <Space>
            <Switch
              checked={hours.sameAsRestaurant}
              onChange={(on) => setHours({ ...hours, sameAsRestaurant: on })}
              aria-label={t('settings.sameAsRestaurant')}
            />
            <span>{t('settings.sameAsRestaurant')}</span>
          </Space>
          {!hours.sameAsRestaurant ? (
            <>
              <ul className="ra-delivery__week">
                {hours.weekly.map((ranges, day) => {
                  const range = ranges[0];
                  const label = t(`weekday.${day}`);
                  return (
                    <li key={day} className="ra-delivery__day">
                      <span className="ra-delivery__dayname">{label}</span>
                      <Checkbox
                        checked={!range}
                        onChange={(e) => setRange(day, e.target.checked ? null : { open: '11:00', close: '21:00' })}
                      >
                        {t('settings.closed')}
                      </Checkbox>
                      {range ? (
                        <>
                          <Input
                            type="time"
                            aria-label={`${label} ${t('settings.open')}`}
                            value={range.open}
                            onChange={(e) => setRange(day, { ...range, open: e.target.value })}
                            className="ra-delivery__time"
                          />
                          <span aria-hidden>–</span>
                          <Input
                            type="time"
                            aria-label={`${label} ${t('settings.close')}`}
                            value={range.close}
                            onChange={(e) => setRange(day, { ...range, close: e.target.value })}
                            className="ra-delivery__time"
                          />
                        </>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <Typography.Text type="secondary">{t('settings.pastMidnight')}</Typography.Text>
            </>
          ) : null}
        </section>
      ) : null}

      <section className="ra-delivery__section" aria-labelledby="ra-delivery-mapping">
        <Typography.Title level={3} id="ra-delivery-mapping" className="ra-delivery__h3">
          {t('settings.mapping')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('settings.mappingHelp')}</Typography.Paragraph>
        {preview.data ? (
          <ul className="ra-delivery__categories">
            {preview.data.categories.map((c) => (
              <li key={c.id}>
                <Checkbox
                  checked={!excluded.has(c.id)}
                  onChange={(e) =>
                    setMapping({
                      ...mapping,
                      excludedCategories: e.target.checked
                        ? mapping.excludedCategories.filter((id) => id !== c.id)
                        : [...mapping.excludedCategories, c.id],
                    })
                  }
                >
                  {c.name}{' '}
                  <Typography.Text type="secondary">
                    ({t('settings.items', { count: c.items.length })}
                    {c.items[0] ? ` · ${c.items[0].name} ${formatCents(c.items[0].platformPriceCents, lang)}` : ''})
                  </Typography.Text>
                </Checkbox>
              </li>
            ))}
          </ul>
        ) : null}
        {preview.data && preview.data.problems.length > 0 && connection ? (
          <Alert
            type="warning"
            showIcon
            title={t('problems.title', { platform: connection.label })}
            description={
              <ul className="ra-delivery__problem-list">
                {preview.data.problems.slice(0, 5).map((p) => (
                  <li key={`${p.itemId}-${p.problem}-${p.group ?? ''}`}>
                    {p.itemName}: {problemText(t, p)}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
      </section>
      {error || save.isError ? (
        <Alert
          type="error"
          showIcon
          title={error ?? translateServerMessage(errorText(save.error), currentLanguage())}
        />
      ) : null}
    </Drawer>
  );
}
