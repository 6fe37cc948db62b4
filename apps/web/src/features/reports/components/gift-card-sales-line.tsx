import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TGiftCardSalesLine } from '@ra/shared/reports/reports.schemas';
import { count, money } from '../report-format.ts';
import { ChangeTag } from './change-tag.tsx';

/**
 * The summary's "Gift card sales" line (issue 10): money loaded onto gift cards in the period, shown
 * apart from the sales figures because it is a liability until the card is spent, not revenue. The
 * server never adds it into gross or net sales; spending a card is a payment method.
 */
export function GiftCardSalesLine({ line }: { line: TGiftCardSalesLine }) {
  const { t } = useTranslation('reports');
  const { current, previous } = line;
  return (
    <section className="ra-report-panel" aria-label={t('giftCardSales.title')} data-testid="gift-card-sales">
      <Typography.Title level={5} className="ra-report-table__title">
        {t('giftCardSales.title')} <Tag>{t('giftCardSales.liability')}</Tag>
      </Typography.Title>
      <p>
        <strong data-testid="gift-card-sales-amount">{money(current.amountCents)}</strong>
        {' · '}
        {t('giftCardSales.loads', { count: current.count, countText: count(current.count) })}
        {previous && (
          <>
            {' · '}
            {t('giftCardSales.previous', { value: money(previous.amountCents) })}{' '}
            <ChangeTag current={current.amountCents} previous={previous.amountCents} />
          </>
        )}
      </p>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('giftCardSales.note')}
      </Typography.Paragraph>
    </section>
  );
}
