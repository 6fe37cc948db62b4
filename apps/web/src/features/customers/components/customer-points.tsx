import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCount, toDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TPointsEntry } from '@ra/shared/rewards/rewards.schemas';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useAdjustPoints, usePointsAccount } from '../api/points-api.ts';

/**
 * A customer's points in the customer detail: earned (the list's figure), spent, adjusted, balance
 * and the ledger, with an adjustment by hand. Shown only to those who may see rewards (editCoupon):
 * a 403 leaves the section out.
 */
export function CustomerPoints({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation('rewards');
  const lang = toDisplayLanguage(i18n.language);
  const when = useRestaurantTime().dateTime;
  const account = usePointsAccount(customerId);
  const adjust = useAdjustPoints(customerId);
  const [adjusting, setAdjusting] = useState(false);
  const [form] = Form.useForm<{ points: number | null; reason: string }>();
  if (account.isError && isApiError(account.error) && account.error.status === 403) return null;
  const a = account.data;
  const n = (v: number) => formatCount(v, lang);
  const submit = async (values: { points: number | null; reason: string }) => {
    try {
      await adjust.mutateAsync({ points: values.points ?? 0, reason: values.reason ?? '' });
      showSuccessMessage(t('messages.adjusted'));
      form.resetFields();
      setAdjusting(false);
    } catch (error) {
      if (isApiError(error) && error.errors)
        form.setFields(
          Object.entries(error.errors).map(([name, message]) => ({
            name: name as 'points' | 'reason',
            errors: [translateServerMessage(message, currentLanguage())],
          })),
        );
    }
  };
  return (
    <section aria-label={t('customer.title')} data-testid="customer-points">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('customer.title')}
      </Typography.Title>
      {account.isError && <Alert type="error" showIcon title={errorText(account.error)} />}
      {a && (
        <>
          <Descriptions size="small" column={{ xs: 2, sm: 4 }} bordered layout="vertical">
            <Descriptions.Item label={t('customer.earned')}>{n(a.earned)}</Descriptions.Item>
            <Descriptions.Item label={t('customer.spent')}>{n(a.spent)}</Descriptions.Item>
            <Descriptions.Item label={t('customer.adjusted')}>
              {a.adjusted > 0 ? `+${n(a.adjusted)}` : n(a.adjusted)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customer.balance')}>
              <strong>{n(a.balance)}</strong>
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ margin: '8px 0' }}>
            <Button size="small" onClick={() => setAdjusting((v) => !v)}>
              {t('customer.adjust')}
            </Button>
          </Space>
          {adjusting && (
            <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
              {adjust.isError && !(isApiError(adjust.error) && adjust.error.errors) && (
                <Alert type="error" showIcon title={errorText(adjust.error)} style={{ marginBottom: 8 }} />
              )}
              <Form.Item
                name="points"
                label={t('customer.adjustPoints')}
                extra={t('customer.adjustHint')}
                rules={[
                  { required: true, message: t('customer.adjustRequired') },
                  numberRule({ min: -1_000_000, max: 1_000_000, decimals: 0 }),
                ]}
              >
                <NumberInput style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                name="reason"
                label={t('customer.reason')}
                rules={[{ required: true, whitespace: true, message: t('customer.reasonRequired') }]}
              >
                <Input maxLength={200} />
              </Form.Item>
              <Space>
                <Button onClick={() => setAdjusting(false)}>{t('actions.cancel')}</Button>
                <Button type="primary" htmlType="submit" loading={adjust.isPending}>
                  {t('actions.save')}
                </Button>
              </Space>
            </Form>
          )}
          <Table<TPointsEntry>
            rowKey="id"
            size="small"
            scroll={{ x: 480 }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={a.history}
            locale={{ emptyText: t('customer.noHistory') }}
            columns={[
              { title: t('customer.when'), dataIndex: 'createdAt', render: when },
              {
                title: t('customer.what'),
                key: 'what',
                render: (_: unknown, e) =>
                  e.type === 'redeem' ? (
                    <Space size={4}>
                      <Tag color="blue">{t('customer.redeemed')}</Tag>
                      {e.rewardName}
                      {e.couponCode ? (
                        <Typography.Text code copyable aria-label={t('customer.couponCode')}>
                          {e.couponCode}
                        </Typography.Text>
                      ) : null}
                    </Space>
                  ) : (
                    <Space size={4}>
                      <Tag>{t('customer.adjustment')}</Tag>
                      {e.reason}
                    </Space>
                  ),
              },
              { title: t('customer.points'), dataIndex: 'points', render: (v: number) => (v > 0 ? `+${n(v)}` : n(v)) },
              { title: t('customer.balanceAfter'), dataIndex: 'balanceAfter', render: n },
              {
                title: t('fields.value'),
                dataIndex: 'valueCents',
                render: (v: number) => (v > 0 ? formatCents(v, lang) : '—'),
                responsive: ['sm' as const],
              },
              { title: t('customer.by'), dataIndex: 'actor', responsive: ['md' as const] },
            ]}
          />
        </>
      )}
    </section>
  );
}
