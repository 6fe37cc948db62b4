import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Input,
  List,
  Row,
  Segmented,
  Select,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCount, formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';
import {
  groupGiftcardNumber,
  ZImportGiftcardRequest,
  ZIssueGiftcardRequest,
} from '@ra/shared/giftcards/giftcards.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { restaurantToday, useRestaurantZone } from '../../../lib/restaurant-time.ts';
import { useBreakage, useLiability } from '../api/giftcard-reports.ts';
import { useImportGiftcard, useIssueGiftcard } from '../api/issue-giftcard.ts';
import { giftcardErrorText, translateGiftcardMessage } from '../giftcard-messages.ts';
import './giftcards.css';
import { NumberInput, numberProblem } from '../../../components/number-input.tsx';
import { DateInput } from '../../../components/date-input.tsx';

/** /giftcard/index: issue or import a card, the liability at any past date, and breakage. */
export function GiftcardOverview() {
  const { t } = useTranslation('giftcards');
  return (
    <div className="giftcards-page">
      <Typography.Title level={1} className="giftcards-title">
        {t('overview.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <IssueCard />
        </Col>
        <Col xs={24} lg={12}>
          <LiabilityCard />
        </Col>
        <Col xs={24} lg={12}>
          <BreakageCard />
        </Col>
        <Col xs={24} lg={12}>
          <ImportCard />
        </Col>
      </Row>
    </div>
  );
}

function IssueCard() {
  const { t, i18n } = useTranslation('giftcards');
  const lang = toDisplayLanguage(i18n.language);
  const navigate = useNavigate();
  const issue = useIssueGiftcard();
  const [kind, setKind] = useState<'physical' | 'egift'>('physical');
  const [amount, setAmount] = useState<number | null>(50);
  const [holderName, setHolderName] = useState('');
  const [holderEmail, setHolderEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    // dollars as typed: a third decimal is refused, not rounded away
    const typed = numberProblem(amount, { decimals: 2 });
    if (typed) return setProblem(typed);
    const parsed = ZIssueGiftcardRequest.safeParse({
      kind,
      amountCents: amount === null ? undefined : Math.round(amount * 100),
      holderName,
      holderEmail,
    });
    if (!parsed.success) return setProblem(translateGiftcardMessage(parsed.error.issues[0]?.message ?? ''));
    setProblem(null);
    try {
      const card = await issue.mutateAsync(parsed.data);
      showSuccessMessage(t('messages.issued', { number: groupGiftcardNumber(card.number) }));
      if (card.emailSent === false) setProblem(t('messages.emailFailed'));
    } catch (error) {
      setProblem(giftcardErrorText(error));
    }
  };

  return (
    <Card title={t('issue.title')} size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Segmented
          aria-label={t('issue.kind')}
          value={kind}
          onChange={(v) => setKind(v as 'physical' | 'egift')}
          options={[
            { value: 'physical', label: t('kind.physical') },
            { value: 'egift', label: t('kind.egift') },
          ]}
        />
        <label>
          {t('issue.amount')}
          <NumberInput
            decimals={2}
            aria-label={t('issue.amount')}
            prefix="$"
            value={amount}
            onChange={setAmount}
            style={{ width: '100%' }}
          />
        </label>
        <label>
          {t('issue.holderName')}
          <Input
            aria-label={t('issue.holderName')}
            value={holderName}
            maxLength={80}
            onChange={(e) => setHolderName(e.target.value)}
          />
        </label>
        <label>
          {kind === 'egift' ? t('issue.emailRequired') : t('issue.email')}
          <Input
            aria-label={t('issue.email')}
            type="email"
            value={holderEmail}
            onChange={(e) => setHolderEmail(e.target.value)}
          />
        </label>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {issue.data ? (
          <Alert
            type="success"
            showIcon
            title={t('issue.done', {
              number: groupGiftcardNumber(issue.data.number),
              amount: formatCents(issue.data.balanceCents, lang),
            })}
            action={
              <Button size="small" onClick={() => navigate(`/giftcard/list?card=${issue.data.id}`)}>
                {t('issue.open')}
              </Button>
            }
          />
        ) : null}
        <Button type="primary" loading={issue.isPending} onClick={() => void submit()}>
          {t('issue.submit')}
        </Button>
      </Space>
    </Card>
  );
}

function ImportCard() {
  const { t } = useTranslation('giftcards');
  const importCard = useImportGiftcard();
  const [number, setNumber] = useState('');
  const [balance, setBalance] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    const typed = numberProblem(balance, { decimals: 2 });
    if (typed) return setProblem(typed);
    const parsed = ZImportGiftcardRequest.safeParse({
      number,
      balanceCents: balance === null ? 0 : Math.round(balance * 100),
    });
    if (!parsed.success) return setProblem(translateGiftcardMessage(parsed.error.issues[0]?.message ?? ''));
    setProblem(null);
    try {
      await importCard.mutateAsync(parsed.data);
      showSuccessMessage(t('messages.imported'));
      setNumber('');
      setBalance(null);
    } catch (error) {
      setProblem(giftcardErrorText(error));
    }
  };
  return (
    <Card title={t('import.title')} size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('import.intro')}</Typography.Text>
        <label>
          {t('import.number')}
          <Input
            aria-label={t('import.number')}
            value={number}
            maxLength={20}
            onChange={(e) => setNumber(e.target.value)}
          />
        </label>
        <label>
          {t('import.balance')}
          <NumberInput
            decimals={2}
            aria-label={t('import.balance')}
            prefix="$"
            value={balance}
            onChange={setBalance}
            style={{ width: '100%' }}
          />
        </label>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        <Button loading={importCard.isPending} onClick={() => void submit()}>
          {t('import.submit')}
        </Button>
      </Space>
    </Card>
  );
}

function LiabilityCard() {
  const { t, i18n } = useTranslation('giftcards');
  const lang = toDisplayLanguage(i18n.language);
  const zone = useRestaurantZone();
  const [at, setAt] = useState(() => restaurantToday(zone));
  const liability = useLiability(at);
  return (
    <Card
      title={t('liability.title')}
      size="small"
      extra={
        <DateInput
          aria-label={t('liability.at')}
          value={at}
          onChange={(e) => e.target.value && setAt(e.target.value)}
        />
      }
    >
      {liability.isError ? <Alert type="error" showIcon title={giftcardErrorText(liability.error)} /> : null}
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12}>
          <Statistic
            title={t('liability.outstanding', { day: formatDay(at, lang) })}
            value={liability.data ? formatCents(liability.data.outstandingCents, lang) : '—'}
            loading={liability.isPending}
          />
        </Col>
        <Col xs={24} sm={12}>
          <Statistic
            title={t('liability.cards')}
            value={liability.data ? formatCount(liability.data.cardsWithBalance, lang) : '—'}
            loading={liability.isPending}
          />
        </Col>
        <Col xs={12}>
          <Statistic
            title={t('liability.sold')}
            value={liability.data ? formatCents(liability.data.soldCents, lang) : '—'}
            loading={liability.isPending}
          />
        </Col>
        <Col xs={12}>
          <Statistic
            title={t('liability.redeemed')}
            value={liability.data ? formatCents(liability.data.redeemedCents, lang) : '—'}
            loading={liability.isPending}
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('liability.note')}
      </Typography.Paragraph>
    </Card>
  );
}

function BreakageCard() {
  const { t, i18n } = useTranslation('giftcards');
  const lang = toDisplayLanguage(i18n.language);
  const [months, setMonths] = useState(12);
  const breakage = useBreakage(months);
  return (
    <Card
      title={t('breakage.title')}
      size="small"
      extra={
        <Select
          aria-label={t('breakage.months')}
          value={months}
          onChange={setMonths}
          options={[3, 6, 12, 18, 24, 36].map((m) => ({ value: m, label: t('breakage.monthsOption', { count: m }) }))}
          style={{ width: 130 }}
        />
      }
    >
      {breakage.isError ? <Alert type="error" showIcon title={giftcardErrorText(breakage.error)} /> : null}
      <Statistic
        title={t('breakage.total', { count: months })}
        value={breakage.data ? formatCents(breakage.data.totalCents, lang) : '—'}
        loading={breakage.isPending}
      />
      <List
        size="small"
        dataSource={breakage.data?.cards ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('breakage.none')} /> }}
        renderItem={(c) => (
          <List.Item>
            <span>
              {c.holderName || groupGiftcardNumber(c.number)} · {formatCents(c.balanceCents, lang)}
            </span>
            <Typography.Text type="secondary">
              {t('breakage.lastUsed', { day: formatDay(c.lastActivityAt.slice(0, 10), lang) })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
