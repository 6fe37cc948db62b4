import { Alert, Button, Card, Empty, Form, Radio, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZCommissionRuleRequest, type TCommissionRule } from '@ra/shared/agent/agent.schemas';
import { COMMISSION_BASES, PLANS, type TCommissionBasis, type TPlan } from '@ra/shared/agent/commission';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import { useCommissionRules } from '../api/get-commission-rules.ts';
import { useCreateCommissionRule } from '../api/create-commission-rule.ts';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatBps, percentToBps } from '../agent-format.ts';
import { RestaurantPicker, type TPicked } from './restaurant-picker.tsx';
import { validFormValues } from '../../../lib/form-values.ts';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';
import { DateInput, dayRule } from '../../../components/date-input.tsx';

interface TRuleForm {
  target: 'plan' | 'restaurant';
  plan?: TPlan;
  restaurant?: TPicked | null;
  basis: TCommissionBasis;
  ratePercent?: number | null;
  startsOn?: string;
  endsOn?: string;
}

const tr = (key: keyof typeof AGENT_MESSAGES) => AGENT_MESSAGES[key][currentLanguage()];

/**
 * Commission rules (team admin): per restaurant or per plan, a percentage of the subscription fee or of
 * the card volume, entered as a percent and kept in basis points, from a start date to an end date or
 * open-ended. The rule in force on a day is the one the computation uses.
 */
export function CommissionRulesCard() {
  const { t } = useTranslation('agent');
  const rules = useCommissionRules(true);
  const create = useCreateCommissionRule();
  const [form] = Form.useForm<TRuleForm>();
  const target = Form.useWatch('target', form);

  const submit = async () => {
    const v = await validFormValues(form);
    if (!v) return;
    const body = {
      restaurantXid: v.target === 'restaurant' ? (v.restaurant?.value ?? null) : null,
      plan: v.target === 'plan' ? (v.plan ?? null) : null,
      basis: v.basis,
      rateBps: v.ratePercent === null || v.ratePercent === undefined ? Number.NaN : percentToBps(v.ratePercent),
      startsOn: v.startsOn || undefined,
      endsOn: v.endsOn || null,
    };
    const parsed = ZCommissionRuleRequest.safeParse(body);
    if (!parsed.success) {
      const fieldOf: Record<string, keyof TRuleForm> = {
        restaurantXid: v.target === 'restaurant' ? 'restaurant' : 'plan',
        rateBps: 'ratePercent',
        startsOn: 'startsOn',
        endsOn: 'endsOn',
      };
      form.setFields(
        parsed.error.issues.map((i) => ({
          name: fieldOf[String(i.path[0])] ?? 'ratePercent',
          errors: [translateServerMessage(i.message, currentLanguage())],
        })),
      );
      return;
    }
    try {
      await create.mutateAsync(body);
      showSuccessMessage(t('rules.added'));
      form.resetFields();
    } catch (e) {
      if (isApiError(e) && e.errors)
        form.setFields(
          Object.entries(e.errors).map(([name, message]) => ({
            name: name === 'rateBps' ? 'ratePercent' : name === 'restaurantXid' ? 'restaurant' : (name as 'startsOn'),
            errors: [translateServerMessage(message, currentLanguage())],
          })),
        );
      else showErrorMessage(errorText(e));
    }
  };

  return (
    <Card size="small" title={t('rules.title')}>
      <Typography.Paragraph type="secondary">{t('rules.help')}</Typography.Paragraph>
      <Form<TRuleForm>
        form={form}
        layout="vertical"
        initialValues={{ target: 'plan', plan: 'starter', basis: 'subscription' }}
      >
        <Space wrap align="start">
          <Form.Item name="target" label={t('rules.appliesTo')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'plan', label: t('rules.toPlan') },
                { value: 'restaurant', label: t('rules.toRestaurant') },
              ]}
            />
          </Form.Item>
          {target === 'restaurant' ? (
            <Form.Item
              name="restaurant"
              label={t('portfolio.restaurant')}
              rules={[{ required: true, message: tr('agent.ruleTargetRequired') }]}
            >
              <RestaurantPicker ariaLabel={t('portfolio.restaurant')} />
            </Form.Item>
          ) : (
            <Form.Item name="plan" label={t('portfolio.plan')}>
              <Select
                style={{ width: 160 }}
                aria-label={t('portfolio.plan')}
                options={PLANS.map((p) => ({ value: p, label: t(`plan.${p}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item name="basis" label={t('earnings.basis')}>
            <Select
              style={{ width: 180 }}
              aria-label={t('earnings.basis')}
              options={COMMISSION_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="ratePercent"
            label={t('rules.rate')}
            rules={[
              numberRule({ min: 0.01, max: 100, decimals: 2 }),
              { required: true, message: tr('agent.rateRequired') },
            ]}
          >
            <NumberInput<number> decimals={2} step={0.5} addonAfter="%" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="startsOn"
            label={t('rules.startsOn')}
            rules={[{ required: true, message: tr('agent.startDateRequired') }, dayRule()]}
          >
            <DateInput style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="endsOn" label={t('rules.endsOn')} extra={t('rules.endsOnHelp')} rules={[dayRule()]}>
            <DateInput style={{ width: 170 }} />
          </Form.Item>
        </Space>
        <Button type="primary" onClick={() => void submit()} loading={create.isPending}>
          {t('rules.add')}
        </Button>
      </Form>
      {rules.isError && <Alert type="error" showIcon message={errorText(rules.error)} />}
      <Table<TCommissionRule>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        loading={rules.isLoading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: true }}
        dataSource={rules.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('rules.none')} /> }}
        columns={[
          {
            title: t('rules.appliesTo'),
            key: 'to',
            render: (_, r) => (r.restaurant ? r.restaurant.name : t('rules.planNamed', { plan: t(`plan.${r.plan}`) })),
          },
          { title: t('earnings.basis'), key: 'b', render: (_, r) => t(`basis.${r.basis}`) },
          { title: t('rules.rate'), key: 'r', render: (_, r) => formatBps(r.rateBps) },
          { title: t('rules.startsOn'), key: 's', render: (_, r) => r.startsOn },
          { title: t('rules.endsOn'), key: 'e', render: (_, r) => r.endsOn ?? t('rules.noEnd') },
        ]}
      />
    </Card>
  );
}
