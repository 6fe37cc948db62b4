import { DEFAULT_TIP_WORD_ZH } from '@ra/shared/reports/tip-wording';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Result, Select, Skeleton, Space, Switch, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  BUSY_MODES,
  FONT_SIZES,
  LOCK_SCREEN_MINUTES,
  SLOT_MINUTES,
  THEMES,
  ZOrderToGoSettings,
  ZPosSettings,
  ZSelfOrderSettings,
  type TBusinessSettings,
  type TSettingsSection,
} from '@ra/shared/business/business.schemas';
import { toWallClock, wallClockToIso } from '@ra/shared/format/restaurant-time';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { WorkHourSignatureSettings } from './work-hour-signature-settings.tsx';
import { useBusinessSettings, useNamedSettings, useUpdateNamedSettings, useUpdateSettings } from '../api/settings.ts';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';
import { DateInput, dayRule } from '../../../components/date-input.tsx';

const tr = (m: string) => translateServerMessage(m, currentLanguage());

const SCHEMAS: Record<TSettingsSection, z.ZodType> = {
  pos: ZPosSettings,
  selfOrder: ZSelfOrderSettings,
  orderToGo: ZOrderToGoSettings,
};

/** Loads the sections, shows loading and error states, and hands one section to its form. */
function WithSettings({ children }: { children: (s: TBusinessSettings) => ReactNode }) {
  const { t } = useTranslation('settings');
  const q = useBusinessSettings();
  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (q.isError)
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        subTitle={errorText(q.error)}
        extra={<Button onClick={() => void q.refetch()}>{t('retry')}</Button>}
      />
    );
  return <>{children(q.data)}</>;
}

/** One section's form: checked with the shared schema before sending, server messages under fields. */
function SectionForm<T extends object>({
  section,
  initial,
  children,
  toValue,
}: {
  section: TSettingsSection;
  initial: T;
  children: ReactNode;
  toValue?: (v: T) => unknown;
}) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<T>();
  const save = useUpdateSettings();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(v: T) {
    setFailure(null);
    const value = toValue ? toValue({ ...initial, ...v }) : { ...initial, ...v };
    const parsed = SCHEMAS[section].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      form.setFields([{ name: issue.path as never, errors: [tr(issue.message)] }]);
      setFailure(tr(issue.message));
      return;
    }
    try {
      await save.mutateAsync({ section, value: parsed.data } as never);
      showSuccessMessage(t('saved'));
    } catch (error) {
      if (isApiError(error) && error.errors) setFailure(Object.values(error.errors).map(tr).join(' '));
      else setFailure(errorText(error));
    }
  }

  return (
    <Form<T> form={form} layout="vertical" initialValues={initial as never} onFinish={(v) => void submit(v)}>
      {children}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} role="alert" />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}

const NAMED = ['hourOffsetEndOfDay', 'workHoursSteps', 'posLocales', 'tipWord', 'tipsWord', 'tipWordZh'] as const;

/** The named settings of SPEC 7 getRestConfig / updateRestConfig that the POS page shows. */
function GeneralSettings() {
  const { t } = useTranslation('settings');
  const named = useNamedSettings(NAMED);
  const save = useUpdateNamedSettings(NAMED);
  const [failure, setFailure] = useState<string | null>(null);
  if (named.isPending) return <Skeleton active />;
  if (named.isError) return <Alert type="error" showIcon message={errorText(named.error)} />;
  const initial = { ...named.data, posLocales: (named.data.posLocales ?? 'en,zh').split(',').filter(Boolean) };
  return (
    <Form
      layout="vertical"
      initialValues={initial}
      onFinish={(v: Record<string, unknown>) => {
        setFailure(null);
        const changes: Record<string, string> = {};
        for (const name of NAMED) {
          const raw = v[name];
          const value = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
          if (value !== (named.data[name] ?? '')) changes[name] = value;
        }
        save.mutate(changes, {
          onSuccess: () => showSuccessMessage(t('saved')),
          onError: (e) =>
            setFailure(isApiError(e) && e.errors ? Object.values(e.errors).map(tr).join(' ') : errorText(e)),
        });
      }}
    >
      <div className="ra-settings__grid">
        <Form.Item
          name="hourOffsetEndOfDay"
          label={t('general.hourOffsetEndOfDay')}
          extra={t('general.hourOffsetHelp')}
        >
          <Select
            options={Array.from({ length: 13 }, (_, h) => ({
              value: String(h),
              label: `${String(h).padStart(2, '0')}:00`,
            }))}
          />
        </Form.Item>
        <Form.Item name="workHoursSteps" label={t('general.workHoursSteps')}>
          <Select
            options={['1', '5', '10', '15', '20', '30', '60'].map((v) => ({
              value: v,
              label: t('minutes', { count: Number(v) }),
            }))}
          />
        </Form.Item>
        <Form.Item name="posLocales" label={t('general.posLocales')}>
          <Select
            mode="multiple"
            options={[
              { value: 'en', label: 'English' },
              { value: 'zh', label: '中文' },
            ]}
          />
        </Form.Item>
        <Form.Item name="tipWord" label={t('general.tipWord')} extra={t('general.tipWordHelp')}>
          <Input maxLength={20} placeholder="Tip" />
        </Form.Item>
        <Form.Item name="tipsWord" label={t('general.tipsWord')}>
          <Input maxLength={20} placeholder="Tips" />
        </Form.Item>
        <Form.Item
          name="tipWordZh"
          label={t('general.tipWordZh')}
          extra={t('general.tipWordZhHelp', { word: DEFAULT_TIP_WORD_ZH })}
        >
          <Input maxLength={20} placeholder={DEFAULT_TIP_WORD_ZH} />
        </Form.Item>
      </div>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}

export function PosSettings() {
  const { t } = useTranslation('settings');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={t('pos.title')}>
        <WithSettings>
          {(s) => (
            <SectionForm section="pos" initial={s.pos}>
              <div className="ra-settings__grid">
                <Form.Item name="taxRate" label={t('pos.taxRate')} extra={t('pos.taxRateHelp')}>
                  <Input suffix="%" inputMode="decimal" />
                </Form.Item>
                <Form.Item name="theme" label={t('pos.theme')}>
                  <Select options={THEMES.map((v) => ({ value: v, label: t(`pos.themeName.${v}`) }))} />
                </Form.Item>
                <Form.Item name="fontSize" label={t('pos.fontSize')}>
                  <Radio.Group options={FONT_SIZES.map((v) => ({ value: v, label: t(`pos.fontSizeName.${v}`) }))} />
                </Form.Item>
                <Form.Item name="lockScreenEnabled" label={t('pos.lockScreenEnabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name="lockScreenMinutes" label={t('pos.lockScreenMinutes')}>
                  <Select options={LOCK_SCREEN_MINUTES.map((m) => ({ value: m, label: t(`pos.lockAfter.${m}`) }))} />
                </Form.Item>
                <Form.Item name="lockScreenRequiresPin" label={t('pos.lockScreenRequiresPin')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </div>
              <Form.Item name="receiptHeader" label={t('pos.receiptHeader')}>
                <Input.TextArea maxLength={200} rows={2} showCount />
              </Form.Item>
              <Form.Item name="receiptFooter" label={t('pos.receiptFooter')}>
                <Input.TextArea maxLength={200} rows={2} showCount />
              </Form.Item>
              <Typography.Text strong>{t('pos.gratuity')}</Typography.Text>
              <Typography.Paragraph type="secondary">{t('pos.gratuityHelp')}</Typography.Paragraph>
              <Form.List name="gratuityRules">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f) => (
                      <Space key={f.key} wrap align="baseline">
                        <Form.Item
                          name={[f.name, 'minPartySize']}
                          label={t('pos.partySize')}
                          rules={[numberRule({ min: 1, max: 100, decimals: 0 })]}
                        >
                          <NumberInput />
                        </Form.Item>
                        <Form.Item name={[f.name, 'percent']} label={t('pos.gratuityPercent')}>
                          <Input suffix="%" inputMode="decimal" style={{ width: 100 }} />
                        </Form.Item>
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('pos.removeRule')}
                          onClick={() => remove(f.name)}
                        />
                      </Space>
                    ))}
                    {fields.length < 5 && (
                      <Form.Item>
                        <Button icon={<PlusOutlined />} onClick={() => add({ minPartySize: 6, percent: '18' })}>
                          {t('pos.addRule')}
                        </Button>
                      </Form.Item>
                    )}
                  </>
                )}
              </Form.List>
            </SectionForm>
          )}
        </WithSettings>
      </Card>
      <Card size="small" title={t('general.title')}>
        <GeneralSettings />
      </Card>
      <Card size="small" title={t('workHours.title')} data-testid="work-hour-signature-settings">
        <WorkHourSignatureSettings />
      </Card>
    </Space>
  );
}

export function SelfOrderSettings() {
  const { t } = useTranslation('settings');
  return (
    <Card size="small" title={t('selfOrder.title')}>
      <WithSettings>
        {(s) => (
          <SectionForm section="selfOrder" initial={s.selfOrder}>
            <div className="ra-settings__grid">
              <Form.Item name="enabled" label={t('selfOrder.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="acceptCash" label={t('selfOrder.acceptCash')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="askForName" label={t('selfOrder.askForName')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item
                name="idleResetSeconds"
                label={t('selfOrder.idleResetSeconds')}
                rules={[numberRule({ min: 30, max: 600, decimals: 0 })]}
              >
                <NumberInput addonAfter={t('seconds')} />
              </Form.Item>
            </div>
            <Form.Item name="welcomeMessage" label={t('selfOrder.welcomeMessage')}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="welcomeMessageZh" label={t('selfOrder.welcomeMessageZh')}>
              <Input maxLength={120} />
            </Form.Item>
          </SectionForm>
        )}
      </WithSettings>
    </Card>
  );
}

type TToGoForm = Omit<TBusinessSettings['orderToGo'], 'busy'> & {
  busyMode: TBusinessSettings['orderToGo']['busy']['mode'];
  busyExtra: number;
  busyUntil: string;
};

export function OrderToGoSettings({ pro = false }: { pro?: boolean }) {
  const { t } = useTranslation('settings');
  // The datetime-local field shows and takes the restaurant's wall clock, not the browser's.
  const time = useRestaurantTime();
  return (
    <Card size="small" title={pro ? t('orderToGo.proTitle') : t('orderToGo.title')}>
      <WithSettings>
        {(s) => {
          const { busy, ...rest } = s.orderToGo;
          const initial: TToGoForm = {
            ...rest,
            busyMode: busy.mode,
            busyExtra: busy.extraMinutes,
            busyUntil: busy.until ? toWallClock(busy.until, time.zone) : '',
          };
          return (
            <SectionForm<TToGoForm>
              section="orderToGo"
              initial={initial}
              toValue={({ busyMode, busyExtra, busyUntil, ...v }) => ({
                ...v,
                busy: {
                  mode: busyMode,
                  extraMinutes: busyExtra,
                  until: busyMode === 'off' || !busyUntil ? null : wallClockToIso(busyUntil, time.zone),
                },
              })}
            >
              <div className="ra-settings__grid">
                <Form.Item name="enabled" label={t('orderToGo.enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item
                  name="pickupLeadMinutes"
                  label={t('orderToGo.pickupLeadMinutes')}
                  rules={[numberRule({ min: 0, max: 240, decimals: 0 })]}
                >
                  <NumberInput addonAfter={t('min')} />
                </Form.Item>
                {pro && (
                  <>
                    <Form.Item name="slotMinutes" label={t('orderToGo.slotMinutes')}>
                      <Select options={SLOT_MINUTES.map((m) => ({ value: m, label: t('minutes', { count: m }) }))} />
                    </Form.Item>
                    <Form.Item
                      name="orderAheadDays"
                      label={t('orderToGo.orderAheadDays')}
                      rules={[numberRule({ min: 0, max: 14, decimals: 0 })]}
                    >
                      <NumberInput />
                    </Form.Item>
                    <Form.Item
                      name="maxOrdersPerSlot"
                      label={t('orderToGo.maxOrdersPerSlot')}
                      extra={t('orderToGo.maxOrdersHelp')}
                      rules={[numberRule({ min: 0, max: 500, decimals: 0 })]}
                    >
                      <NumberInput />
                    </Form.Item>
                  </>
                )}
              </div>
              <Typography.Text strong>{t('orderToGo.busy')}</Typography.Text>
              <Typography.Paragraph type="secondary">{t('orderToGo.busyHelp')}</Typography.Paragraph>
              <Form.Item name="busyMode" label={t('orderToGo.busyMode')}>
                <Radio.Group options={BUSY_MODES.map((m) => ({ value: m, label: t(`orderToGo.busyModeName.${m}`) }))} />
              </Form.Item>
              <Space wrap>
                <Form.Item
                  name="busyExtra"
                  label={t('orderToGo.busyExtra')}
                  rules={[numberRule({ min: 5, max: 120, decimals: 0 })]}
                >
                  <NumberInput addonAfter={t('min')} />
                </Form.Item>
                <Form.Item
                  name="busyUntil"
                  label={t('orderToGo.busyUntil')}
                  extra={t('common:zone.note', { zone: time.label })}
                  rules={[dayRule()]}
                >
                  <DateInput kind="datetime-local" />
                </Form.Item>
              </Space>
            </SectionForm>
          );
        }}
      </WithSettings>
    </Card>
  );
}
