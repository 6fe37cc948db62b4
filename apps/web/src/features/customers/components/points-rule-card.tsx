import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Space, Typography } from 'antd';
import { errorText } from '../../../lib/request.ts';
import { NumberInput, NumberProblemText, numberProblem } from '../../../components/number-input.tsx';
import { usePointsRule, useSavePointsRule } from '../api/customers-api.ts';
import { notifyError, notifySuccess, tr } from '../feedback.ts';

/** The restaurant's points rule: points per dollar of net sales (refunds and voids take them back). */
export function PointsRuleCard() {
  const { t } = useTranslation('customers');
  const rule = usePointsRule();
  const save = useSavePointsRule();
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    if (rule.data) setValue(rule.data.pointsPerDollar);
  }, [rule.data]);
  const changed = rule.data !== undefined && value !== null && value !== rule.data.pointsPerDollar;
  const problem = numberProblem(value, { min: 0, max: 100 });
  return (
    <Card title={t('pointsRule')} size="small" loading={rule.isLoading}>
      <Space wrap align="center">
        <NumberInput aria-label={t('pointsPerDollar')} value={value} onChange={(v) => setValue(v)} />
        <NumberProblemText problem={problem} />
        <Typography.Text>{t('pointsPerDollarUnit')}</Typography.Text>
        <Button
          type="primary"
          disabled={!changed || problem !== null}
          loading={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync(value!);
              notifySuccess(t('pointsRuleSaved'));
            } catch (e) {
              notifyError(tr(errorText(e)));
            }
          }}
        >
          {t('save')}
        </Button>
        <Typography.Text type="secondary">{t('pointsRuleHelp')}</Typography.Text>
      </Space>
    </Card>
  );
}
