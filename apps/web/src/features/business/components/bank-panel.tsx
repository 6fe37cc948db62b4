import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_MESSAGES } from '@ra/shared/business/business.messages';
import {
  BANK_ACCOUNT_TYPES,
  ZLinkBankRequest,
  ZVerifyBankCodeRequest,
  ZVerifyBankRequest,
  type TBankAccountView,
  type TBankStatus,
  type TLinkBankRequest,
} from '@ra/shared/business/business.schemas';
import { showConfirm, showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { useRestaurantTime } from '../../../lib/restaurant-time.ts';
import {
  useBank,
  useBankOutbox,
  useLinkBank,
  usePostDepositsNow,
  useResetBank,
  useVerifyBank,
  useVerifyBankCode,
} from '../api/bank.ts';
import { schemaRule, serverFieldErrors, tr } from '../form-rules.ts';

const STATUS_COLOR: Record<TBankStatus, string> = {
  pending_deposit: 'processing',
  awaiting_verification: 'warning',
  verified: 'success',
  failed: 'error',
  expired: 'default',
};

function LinkForm() {
  const { t } = useTranslation('business');
  const [form] = Form.useForm<TLinkBankRequest>();
  const link = useLinkBank();
  const [failure, setFailure] = useState<string | null>(null);
  const values = () => form.getFieldsValue(true) as unknown;
  const rule = (name: keyof TLinkBankRequest) => [schemaRule(ZLinkBankRequest, [name], values)];

  async function submit(v: TLinkBankRequest) {
    setFailure(null);
    try {
      await link.mutateAsync(v);
      showSuccessMessage(t('bank.linked'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.length) form.setFields(fields as never);
      else setFailure(errorText(error));
    }
  }

  return (
    <Form<TLinkBankRequest> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark>
      <Typography.Paragraph type="secondary">{t('bank.intro')}</Typography.Paragraph>
      <div className="ra-business__form-grid">
        <Form.Item name="holderName" label={t('bank.holderName')} rules={rule('holderName')} required>
          <Input autoComplete="name" maxLength={100} />
        </Form.Item>
        <Form.Item name="accountType" label={t('bank.accountType')} rules={rule('accountType')} required>
          <Select
            aria-label={t('bank.accountType')}
            options={BANK_ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`bank.type.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="routingNumber" label={t('bank.routingNumber')} rules={rule('routingNumber')} required>
          <Input inputMode="numeric" maxLength={9} />
        </Form.Item>
        <Form.Item name="accountNumber" label={t('bank.accountNumber')} rules={rule('accountNumber')} required>
          <Input inputMode="numeric" maxLength={17} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="providerCustomerId"
          label={t('bank.providerCustomerId')}
          rules={rule('providerCustomerId')}
          required
        >
          <Input maxLength={64} />
        </Form.Item>
      </div>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={link.isPending}>
        {t('bank.link')}
      </Button>
    </Form>
  );
}

/**
 * The owner's reading of the statement. The provider decides how the account is verified: two
 * amounts, or (Stripe's `microdeposit_type: descriptor_code`) the 6-character code of one deposit.
 */
function VerifyForm({ account }: { account: TBankAccountView }) {
  return account.microdepositType === 'descriptor_code' ? (
    <CodeForm account={account} />
  ) : (
    <AmountsForm account={account} />
  );
}

function CodeForm({ account }: { account: TBankAccountView }) {
  const { t } = useTranslation('business');
  const [form] = Form.useForm<{ descriptorCode: string }>();
  const verify = useVerifyBankCode();
  const [note, setNote] = useState<{ type: 'error' | 'success'; text: string; detail?: string } | null>(null);
  const values = () => form.getFieldsValue(true) as unknown;

  async function submit(v: { descriptorCode: string }) {
    setNote(null);
    try {
      const result = await verify.mutateAsync(v);
      if (result.outcome === 'verified') showSuccessMessage(t('bank.verified'));
      else
        setNote({
          type: 'error',
          // the reason and the tries left on lines of their own: the reason has no closing full stop
          text: tr(result.message),
          detail: t('bank.attemptsLeft', { count: result.account.attemptsLeft }),
        });
    } catch (error) {
      setNote({ type: 'error', text: errorText(error) });
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      className="ra-business__verify"
      data-testid="bank-code-form"
      style={{ maxWidth: 420 }}
    >
      <Typography.Paragraph style={{ width: '100%' }}>
        {t('bank.codeIntro', { count: account.attemptsLeft })}
      </Typography.Paragraph>
      <Form.Item
        name="descriptorCode"
        label={t('bank.descriptorCode')}
        rules={[schemaRule(ZVerifyBankCodeRequest, ['descriptorCode'], values)]}
      >
        <Input
          placeholder="SM11AA"
          maxLength={6}
          autoComplete="off"
          style={{ width: 140, textTransform: 'uppercase' }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={verify.isPending}>
          {t('bank.verify')}
        </Button>
      </Form.Item>
      {note && (
        <Alert
          type={note.type}
          showIcon
          message={note.text}
          description={note.detail}
          style={{ width: '100%', marginTop: 8 }}
        />
      )}
    </Form>
  );
}

function AmountsForm({ account }: { account: TBankAccountView }) {
  const { t } = useTranslation('business');
  const [form] = Form.useForm<{ amount1: string; amount2: string }>();
  const verify = useVerifyBank();
  const [note, setNote] = useState<{ type: 'error' | 'success'; text: string; detail?: string } | null>(null);
  const values = () => form.getFieldsValue(true) as unknown;

  async function submit(v: { amount1: string; amount2: string }) {
    setNote(null);
    try {
      const result = await verify.mutateAsync(v);
      if (result.outcome === 'verified') showSuccessMessage(t('bank.verified'));
      else
        setNote({
          type: 'error',
          // the reason and the tries left on lines of their own: the reason has no closing full stop
          text: tr(result.message),
          detail: t('bank.attemptsLeft', { count: result.account.attemptsLeft }),
        });
    } catch (error) {
      setNote({ type: 'error', text: errorText(error) });
    }
  }

  return (
    <Form form={form} layout="inline" onFinish={(v) => void submit(v)} className="ra-business__verify">
      <Typography.Paragraph style={{ width: '100%' }}>
        {t('bank.verifyIntro', { count: account.attemptsLeft })}
      </Typography.Paragraph>
      <Form.Item name="amount1" label={t('bank.amount1')} rules={[schemaRule(ZVerifyBankRequest, ['amount1'], values)]}>
        <Input prefix="$" placeholder="0.00" inputMode="decimal" style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="amount2" label={t('bank.amount2')} rules={[schemaRule(ZVerifyBankRequest, ['amount2'], values)]}>
        <Input prefix="$" placeholder="0.00" inputMode="decimal" style={{ width: 110 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={verify.isPending}>
          {t('bank.verify')}
        </Button>
      </Form.Item>
      {note && (
        <Alert
          type={note.type}
          showIcon
          message={note.text}
          description={note.detail}
          style={{ width: '100%', marginTop: 8 }}
        />
      )}
    </Form>
  );
}

/** The simulated provider's outbox: where the owner reads the deposits, as from a bank statement. */
function OutboxPanel({ status }: { status: TBankStatus }) {
  const { t } = useTranslation('business');
  const time = useRestaurantTime();
  const outbox = useBankOutbox(true);
  const postNow = usePostDepositsNow();
  if (outbox.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (outbox.isError) return <Alert type="error" showIcon message={errorText(outbox.error)} />;
  if (!outbox.data.simulated) return null;
  const money = (c: number) => `$0.${String(c).padStart(2, '0')}`;
  const when = time.dateTime;
  return (
    <Card size="small" title={t('outbox.title')} data-testid="bank-outbox">
      <Typography.Paragraph type="secondary">{t('outbox.intro')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="reference"
        pagination={false}
        dataSource={outbox.data.items}
        locale={{ emptyText: t('outbox.empty') }}
        scroll={{ x: true }}
        columns={[
          { title: t('outbox.account'), key: 'acct', render: (_, r) => `••••${r.accountLast4}` },
          {
            title: t('outbox.amounts'),
            key: 'amounts',
            render: (_, r) =>
              r.postedAt ? (
                <span data-testid="deposit-amounts">
                  {r.descriptorCode
                    ? t('outbox.descriptor', { code: r.descriptorCode })
                    : `${money(r.amount1Cents)}, ${money(r.amount2Cents)}`}
                </span>
              ) : (
                <Typography.Text type="secondary">{t('outbox.notPosted')}</Typography.Text>
              ),
          },
          { title: t('outbox.sent'), key: 'sent', render: (_, r) => when(r.createdAt) },
        ]}
      />
      {status === 'pending_deposit' && (
        <Button
          style={{ marginTop: 8 }}
          loading={postNow.isPending}
          onClick={() =>
            postNow.mutate(undefined, {
              onSuccess: () => void outbox.refetch(),
              onError: (e) => showErrorMessage(errorText(e)),
            })
          }
        >
          {t('outbox.postNow')}
        </Button>
      )}
    </Card>
  );
}

/** SPEC 3 "Bank account": link, verify by two micro-deposits, reset. */
export function BankPanel() {
  const { t } = useTranslation('business');
  const time = useRestaurantTime();
  const bank = useBank();
  const reset = useResetBank();
  if (bank.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (bank.isError)
    return (
      <Result
        status="error"
        title={t('bank.loadFailed')}
        subTitle={errorText(bank.error)}
        extra={<Button onClick={() => void bank.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  const account = bank.data.account;
  if (!account) return <LinkForm />;
  const date = (iso: string | null) => (iso ? time.date(iso) : '—');

  const confirmReset = () =>
    showConfirm({
      title: t('bank.resetTitle'),
      content: t('bank.resetContent'),
      okText: t('bank.reset'),
      cancelText: t('actions.cancel'),
      onOk: () =>
        reset.mutateAsync().then(
          () => showSuccessMessage(t('bank.resetDone')),
          (e: unknown) => showErrorMessage(errorText(e)),
        ),
    });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('bank.title')}
        extra={
          <Button danger onClick={confirmReset}>
            {t('bank.reset')}
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
          <Descriptions.Item label={t('bank.status')}>
            <Tag color={STATUS_COLOR[account.status]} data-testid="bank-status">
              {t(`bank.statusName.${account.status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('bank.holderName')}>{account.holderName}</Descriptions.Item>
          <Descriptions.Item label={t('bank.accountType')}>{t(`bank.type.${account.accountType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('bank.routingNumber')}>{account.routingNumber}</Descriptions.Item>
          <Descriptions.Item label={t('bank.accountNumber')}>••••{account.accountLast4}</Descriptions.Item>
          <Descriptions.Item label={t('bank.providerCustomerId')}>{account.providerCustomerId}</Descriptions.Item>
          {account.status === 'pending_deposit' && (
            <Descriptions.Item label={t('bank.arriveBy')}>{date(account.depositsArriveBy)}</Descriptions.Item>
          )}
          {(account.status === 'pending_deposit' || account.status === 'awaiting_verification') && (
            <Descriptions.Item label={t('bank.expiresAt')}>{date(account.expiresAt)}</Descriptions.Item>
          )}
          {account.verifiedAt && (
            <Descriptions.Item label={t('bank.verifiedAt')}>{date(account.verifiedAt)}</Descriptions.Item>
          )}
        </Descriptions>
        <div style={{ marginTop: 12 }}>
          {account.status === 'pending_deposit' && (
            <Alert
              type="info"
              showIcon
              message={t(account.microdepositType === 'descriptor_code' ? 'bank.pendingHelpCode' : 'bank.pendingHelp')}
            />
          )}
          {account.status === 'awaiting_verification' && <VerifyForm account={account} />}
          {account.status === 'failed' && (
            <Alert type="error" showIcon message={tr(BUSINESS_MESSAGES['business.bankVerifyFailed'].en)} />
          )}
          {account.status === 'expired' && (
            <Alert type="warning" showIcon message={tr(BUSINESS_MESSAGES['business.bankExpired'].en)} />
          )}
        </div>
      </Card>
      {account.status !== 'verified' && <OutboxPanel status={account.status} />}
    </Space>
  );
}
