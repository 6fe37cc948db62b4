import { useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Select, Skeleton, Space, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { isIsoDay } from '@ra/shared/business-day/calendar-day';
import { toDisplayLanguage } from '@ra/shared/format/locale-format';
import { OVERTIME_RULES, type TOvertimeRules } from '@ra/shared/work-hours/overtime';
import { PAY_PERIOD_KINDS, type TPayPeriodKind } from '@ra/shared/work-hours/pay-period';
import { WORK_HOURS_MESSAGES } from '@ra/shared/work-hours/work-hours.messages';
import type { TWagesResponse, TWorkHoursSettings } from '@ra/shared/work-hours/work-hours.schemas';
import { MESSAGES } from '@ra/shared/errors';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useSetWage, useUpdateWorkHoursSettings, useWages } from '../api/wages.ts';
import { parseWage, wageText } from '../wage-input.ts';
import { DateInput } from '../../../components/date-input.tsx';
import { TipRuleForm } from '../tips/tip-rule-form.tsx';

/** A field's message from a failed call: the field's own error when the server named one, else the message. */
function fieldErrorOf(e: unknown, field: string): string {
  if (isApiError(e) && e.errors?.[field]) return translateServerMessage(e.errors[field], currentLanguage());
  return errorText(e);
}

/** One wage field with its own save: empty removes the wage (an employee then earns their role's). */
function WageField({
  label,
  cents,
  placeholder,
  target,
}: {
  label: string;
  cents: number | null;
  placeholder?: string;
  target: { userId: number } | { roleId: number };
}) {
  const { t } = useTranslation('work-hours');
  const lang = toDisplayLanguage(currentLanguage());
  const [text, setText] = useState(wageText(cents));
  const [error, setError] = useState<string | null>(null);
  const save = useSetWage();
  const changed = parseWage(text) !== cents;

  async function onSave() {
    const parsed = parseWage(text);
    if (parsed === 'invalid') {
      setError(translateServerMessage(WORK_HOURS_MESSAGES.wageInvalid.en, lang));
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ ...target, hourlyCents: parsed });
      setText(wageText(parsed));
      showSuccessMessage(t('setup.wageSaved', { name: label }));
    } catch (e) {
      setError(fieldErrorOf(e, 'hourlyCents'));
    }
  }

  return (
    <Form.Item
      className="ra-wh-wage"
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
      style={{ marginBottom: 0 }}
    >
      <Space.Compact>
        <Input
          aria-label={t('setup.wageOf', { name: label })}
          prefix="$"
          inputMode="decimal"
          value={text}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onPressEnter={() => void onSave()}
          style={{ width: 120 }}
        />
        <Button
          onClick={() => void onSave()}
          loading={save.isPending}
          disabled={!changed}
          aria-label={t('setup.saveWageOf', { name: label })}
        >
          {t('actions.save')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

function PeriodForm({ settings }: { settings: TWorkHoursSettings }) {
  const { t } = useTranslation('work-hours');
  const lang = toDisplayLanguage(currentLanguage());
  const update = useUpdateWorkHoursSettings();
  const [payPeriod, setPayPeriod] = useState<TPayPeriodKind>(settings.payPeriod);
  const [anchor, setAnchor] = useState(settings.anchor);
  const [rules, setRules] = useState<TOvertimeRules>(settings.overtimeRules);
  const [anchorError, setAnchorError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSave() {
    setError(null);
    if (!isIsoDay(anchor)) {
      setAnchorError(translateServerMessage(WORK_HOURS_MESSAGES.anchorWeekday.en, lang));
      return;
    }
    setAnchorError(null);
    try {
      await update.mutateAsync({ payPeriod, anchor, overtimeRules: rules });
      showSuccessMessage(t('setup.periodSaved'));
    } catch (e) {
      if (isApiError(e) && e.errors?.anchor) setAnchorError(fieldErrorOf(e, 'anchor'));
      else setError(errorText(e, MESSAGES.error.en));
    }
  }

  return (
    <Form layout="vertical" onFinish={() => void onSave()} className="ra-wh-setup-form">
      <Form.Item label={t('setup.payPeriod')} htmlFor="wh-pay-period">
        <Select
          id="wh-pay-period"
          value={payPeriod}
          onChange={setPayPeriod}
          options={PAY_PERIOD_KINDS.map((k) => ({ value: k, label: t(`period.kind.${k}`) }))}
        />
      </Form.Item>
      <Form.Item
        label={t('setup.anchor')}
        htmlFor="wh-anchor"
        extra={t('setup.anchorHint')}
        validateStatus={anchorError ? 'error' : undefined}
        help={anchorError ?? undefined}
      >
        <DateInput
          id="wh-anchor"
          value={anchor}
          onChange={(e) => {
            setAnchor(e.target.value);
            setAnchorError(null);
          }}
        />
      </Form.Item>
      <Form.Item label={t('setup.rules')} htmlFor="wh-rules">
        <Select
          id="wh-rules"
          value={rules}
          onChange={setRules}
          options={OVERTIME_RULES.map((r) => ({ value: r, label: t(`rules.${r}`) }))}
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} className="ra-wh-gap" />}
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('setup.savePeriod')}
      </Button>
    </Form>
  );
}

/**
 * Pay setup (managers with editWorkHour): the pay period, the day one starts and the overtime rules,
 * and hourly wages per role and per employee (an employee's own wage wins over their role's). Every
 * change is audited on the server; the sheet's gross pay and labour cost follow at once.
 */
export function PaySetupDrawer({
  open,
  onClose,
  settings,
  narrow,
}: {
  open: boolean;
  onClose: () => void;
  settings: TWorkHoursSettings;
  narrow: boolean;
}) {
  const { t } = useTranslation('work-hours');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('setup.title')}
      size={narrow ? '100%' : 720}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: 'pay',
            label: t('setup.payTab'),
            children: <PayAndWages settings={settings} narrow={narrow} open={open} />,
          },
          { key: 'tips', label: t('setup.tipsTab'), children: <TipRuleForm /> },
        ]}
      />
    </Drawer>
  );
}

/** The pay period, overtime rules and wages: the first tab of the settings drawer. */
function PayAndWages({ settings, narrow, open }: { settings: TWorkHoursSettings; narrow: boolean; open: boolean }) {
  const { t } = useTranslation('work-hours');
  const wages = useWages(open);
  const data = wages.data;
  return (
    <>
      <h3 className="ra-wh-subtitle">{t('setup.periodTitle')}</h3>
      <PeriodForm settings={settings} />
      <h3 className="ra-wh-subtitle ra-wh-gap">{t('setup.wagesTitle')}</h3>
      <p className="ra-wh-muted">{t('setup.wagesHint')}</p>
      {wages.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(wages.error, MESSAGES.fetchFailed.en)}
          action={<Button onClick={() => void wages.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Tabs
          items={[
            {
              key: 'employees',
              label: t('setup.byEmployee'),
              children: (
                <Table
                  size="small"
                  rowKey="userId"
                  pagination={false}
                  dataSource={data.employees}
                  columns={[
                    { key: 'name', title: t('columns.employee'), dataIndex: 'name' },
                    // At phone width the name and the wage field are what fit.
                    ...(narrow
                      ? []
                      : [
                          {
                            key: 'roles',
                            title: t('setup.roles'),
                            render: (_: unknown, e: TWagesResponse['employees'][number]) => e.roles.join(', ') || '—',
                          },
                        ]),
                    {
                      key: 'wage',
                      title: t('setup.hourly'),
                      render: (_, e) => (
                        <WageField
                          label={e.name}
                          cents={e.hourlyCents}
                          placeholder={t('setup.roleWage')}
                          target={{ userId: e.userId }}
                        />
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'roles',
              label: t('setup.byRole'),
              children: (
                <Table
                  size="small"
                  rowKey="roleId"
                  pagination={false}
                  dataSource={data.roles}
                  columns={[
                    { key: 'name', title: t('setup.role'), dataIndex: 'name' },
                    {
                      key: 'wage',
                      title: t('setup.hourly'),
                      render: (_, r) => (
                        <WageField label={r.name} cents={r.hourlyCents} target={{ roleId: r.roleId }} />
                      ),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </>
  );
}
