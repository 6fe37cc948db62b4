import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TEarning, TPaycheck } from '@ra/shared/agent/agent.schemas';
import { payPeriodOf, previousPayPeriod } from '@ra/shared/agent/pay-periods';
import { usePaychecks } from '../api/get-paychecks.ts';
import { useEarnings } from '../api/get-earnings.ts';
import { useComputeEarnings } from '../api/compute-earnings.ts';
import { useApproveEarnings } from '../api/approve-earnings.ts';
import { useClawbackEarning } from '../api/clawback-earning.ts';
import { useClosePaycheck } from '../api/close-paycheck.ts';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { StatusTag, type TStatusTone } from '../../../components/status-tag.tsx';
import { formatCents } from '../agent-format.ts';
import { CommissionRulesCard } from './commission-rules-card.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { validFormValues } from '../../../lib/form-values.ts';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';

const PAYCHECK_TONE: Record<TPaycheck['status'], TStatusTone> = { paid: 'success', due: 'info', carried: 'neutral' };

/** Paychecks (semi-monthly, minimum payout with carry-over) and the payment report of a pay period. */
export function PaychecksPanel({ today, isAdmin }: { today: string; isAdmin: boolean }) {
  const { t } = useTranslation('agent');
  const current = payPeriodOf(today);
  const [periodStart, setPeriodStart] = useState(current.start);
  const paychecks = usePaychecks(isAdmin);
  const earnings = useEarnings(periodStart);
  const download = (path: string, name: string) =>
    downloadFile(path, { fallbackName: name }).catch((e: unknown) => showErrorMessage(errorText(e)));
  const periods = [current, previousPayPeriod(current), previousPayPeriod(previousPayPeriod(current))];
  const period = periods.find((p) => p.start === periodStart) ?? current;
  const compute = useComputeEarnings();
  const approve = useApproveEarnings();
  const close = useClosePaycheck();
  const clawback = useClawbackEarning();
  const [reversing, setReversing] = useState<TEarning | null>(null);
  const [reverseForm] = Form.useForm<{ reason: string; amount?: number | null }>();
  const ended = period.end < today;
  const closed = (paychecks.data?.items ?? []).some((p) => p.periodStart === period.start);
  const pendingCents = earnings.data?.totals.pendingCents ?? 0;
  const run = async <T,>(action: () => Promise<T>, done: (r: T) => string) => {
    try {
      showSuccessMessage(done(await action()));
    } catch (e) {
      showErrorMessage(isApiError(e) ? translateServerMessage(e.message, currentLanguage()) : errorText(e));
    }
  };
  const submitReversal = async () => {
    if (!reversing) return;
    const v = await validFormValues(reverseForm);
    if (!v) return;
    try {
      await clawback.mutateAsync({
        id: reversing.id,
        reason: v.reason.trim(),
        ...(v.amount ? { amountCents: Math.round(v.amount * 100) } : {}),
      });
      showSuccessMessage(t('earnings.reversed'));
      setReversing(null);
      reverseForm.resetFields();
    } catch (e) {
      if (isApiError(e) && e.errors)
        reverseForm.setFields(
          Object.entries(e.errors).map(([name, message]) => ({
            name: name === 'amountCents' ? 'amount' : 'reason',
            errors: [translateServerMessage(message, currentLanguage())],
          })),
        );
      else showErrorMessage(isApiError(e) ? translateServerMessage(e.message, currentLanguage()) : errorText(e));
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {isAdmin && (
        <Card
          size="small"
          title={t('paychecks.title')}
          extra={
            <Typography.Text type="secondary">
              {t('paychecks.minimum', { amount: formatCents(paychecks.data?.minimumPayoutCents ?? 0) })}
            </Typography.Text>
          }
        >
          {paychecks.isError && <Alert type="error" showIcon message={errorText(paychecks.error)} />}
          <Table<TPaycheck>
            size="small"
            rowKey="id"
            loading={paychecks.isLoading}
            pagination={false}
            scroll={{ x: true }}
            dataSource={paychecks.data?.items ?? []}
            locale={{ emptyText: <Empty description={t('paychecks.none')} /> }}
            columns={[
              { title: t('paychecks.period'), key: 'p', render: (_, p) => `${p.periodStart} – ${p.periodEnd}` },
              {
                title: t('paychecks.status'),
                key: 's',
                render: (_, p) => (
                  <StatusTag tone={PAYCHECK_TONE[p.status]}>{t(`paycheckStatus.${p.status}`)}</StatusTag>
                ),
              },
              { title: t('paychecks.paidOn'), key: 'o', responsive: ['sm'], render: (_, p) => p.paidOn ?? '—' },
              { title: t('paychecks.netPay'), key: 'n', render: (_, p) => formatCents(p.netPayCents) },
              {
                title: t('paychecks.carried'),
                key: 'c',
                responsive: ['md'],
                render: (_, p) => formatCents(p.carriedOutCents),
              },
              {
                title: t('paychecks.statement'),
                key: 'pdf',
                render: (_, p) => (
                  <Space wrap>
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        void download(`/api/agent/paychecks/${p.id}/pdf?lang=en`, `paycheck-${p.periodStart}-en.pdf`)
                      }
                      data-testid={`pdf-en-${p.id}`}
                    >
                      PDF EN
                    </Button>
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        void download(`/api/agent/paychecks/${p.id}/pdf?lang=zh`, `paycheck-${p.periodStart}-zh.pdf`)
                      }
                      data-testid={`pdf-zh-${p.id}`}
                    >
                      PDF 中文
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
      <Card
        size="small"
        title={t('earnings.title')}
        extra={
          <Space wrap>
            {periods.map((p) => (
              <Button
                key={p.start}
                size="small"
                type={p.start === periodStart ? 'primary' : 'default'}
                onClick={() => setPeriodStart(p.start)}
              >
                {`${p.start.slice(5)} – ${p.end.slice(5)}`}
              </Button>
            ))}
            <Button
              size="small"
              onClick={() =>
                void download(
                  `/api/agent/earnings/export?periodStart=${periodStart}&format=csv`,
                  `payment-report-${periodStart}.csv`,
                )
              }
            >
              CSV
            </Button>
            <Button
              size="small"
              onClick={() =>
                void download(
                  `/api/agent/earnings/export?periodStart=${periodStart}&format=xlsx`,
                  `payment-report-${periodStart}.xlsx`,
                )
              }
            >
              XLSX
            </Button>
          </Space>
        }
      >
        {earnings.isError && <Alert type="error" showIcon message={errorText(earnings.error)} />}
        {isAdmin && (
          <Space wrap style={{ marginBottom: 12 }}>
            <Button
              onClick={() =>
                void run(
                  () => compute.mutateAsync(period.start),
                  (r) => t('earnings.computed', { count: r.rows, total: formatCents(r.totalCents) }),
                )
              }
              loading={compute.isPending}
            >
              {t('earnings.compute')}
            </Button>
            <Popconfirm
              title={t('earnings.approveTitle', { amount: formatCents(pendingCents) })}
              okText={t('earnings.approve')}
              cancelText={t('common.cancel')}
              disabled={pendingCents === 0}
              onConfirm={() =>
                run(
                  () => approve.mutateAsync(period.start),
                  (r) => t('earnings.approvedDone', { count: r.approved }),
                )
              }
            >
              <Button type="primary" disabled={pendingCents === 0} loading={approve.isPending}>
                {t('earnings.approve')}
              </Button>
            </Popconfirm>
            <Button
              disabled={!ended || closed}
              title={!ended ? t('earnings.closeNotOver') : closed ? t('earnings.closeDone') : undefined}
              onClick={() =>
                void run(
                  () => close.mutateAsync(period.start),
                  (p) =>
                    p.status === 'carried'
                      ? t('earnings.closedCarried', { amount: formatCents(p.carriedOutCents) })
                      : t('earnings.closedDue', { amount: formatCents(p.netPayCents) }),
                )
              }
              loading={close.isPending}
            >
              {t('earnings.close')}
            </Button>
          </Space>
        )}
        {earnings.data && (
          <Typography.Paragraph>
            {t('earnings.totals', {
              pending: formatCents(earnings.data.totals.pendingCents),
              approved: formatCents(earnings.data.totals.approvedCents),
              paid: formatCents(earnings.data.totals.paidCents),
            })}
          </Typography.Paragraph>
        )}
        <Table<TEarning>
          size="small"
          rowKey="id"
          loading={earnings.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
          dataSource={earnings.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('earnings.none')} /> }}
          columns={[
            { title: t('portfolio.restaurant'), key: 'r', render: (_, e) => e.restaurant.name },
            {
              title: t('earnings.basis'),
              key: 'b',
              render: (_, e) =>
                e.kind === 'clawback' ? `${t('earnings.clawback')}: ${e.reason ?? ''}` : t(`basis.${e.basis}`),
            },
            {
              title: t('earnings.madeOf'),
              key: 'm',
              responsive: ['md'],
              render: (_, e) =>
                e.segments.map((s) => (
                  <div
                    key={`${s.from}-${s.ruleId}`}
                  >{`${s.from.slice(5)}–${s.to.slice(5)}: ${formatCents(s.baseCents)} × ${(s.rateBps / 100).toFixed(2)}% = ${formatCents(s.amountCents)}`}</div>
                )),
            },
            { title: t('earnings.status'), key: 's', render: (_, e) => t(`earningStatus.${e.status}`) },
            { title: t('earnings.amount'), key: 'a', align: 'right', render: (_, e) => formatCents(e.amountCents) },
            ...(isAdmin
              ? [
                  {
                    title: t('portfolio.actions'),
                    key: 'x',
                    render: (_: unknown, e: TEarning) =>
                      e.kind === 'commission' && e.amountCents > 0 ? (
                        <Button size="small" danger onClick={() => setReversing(e)}>
                          {t('earnings.reverse')}
                          <span className="ra-sr-only"> {e.restaurant.name}</span>
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {isAdmin && <CommissionRulesCard />}
      <Modal
        open={reversing !== null}
        title={reversing ? t('earnings.reverseTitle', { name: reversing.restaurant.name }) : ''}
        okText={t('earnings.reverse')}
        okButtonProps={{ danger: true, loading: clawback.isPending }}
        cancelText={t('common.cancel')}
        onOk={() => void submitReversal()}
        onCancel={() => {
          setReversing(null);
          reverseForm.resetFields();
        }}
        destroyOnHidden
      >
        {reversing && (
          <Typography.Paragraph type="secondary">
            {t('earnings.reverseHelp', { amount: formatCents(reversing.amountCents) })}
          </Typography.Paragraph>
        )}
        <Form form={reverseForm} layout="vertical">
          <Form.Item
            name="reason"
            label={t('earnings.reverseReason')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: AGENT_MESSAGES['agent.clawbackReasonRequired'][currentLanguage()],
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={300} showCount />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('earnings.reverseAmount')}
            extra={t('earnings.reverseAmountHelp')}
            rules={[numberRule({ min: 0.01, decimals: 2 })]}
          >
            <NumberInput<number> decimals={2} step={1} prefix="$" style={{ width: 180 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
