import { MAX_SELECTED, type TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import type { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { smsCost, type TSmsPricing } from '@ra/shared/customers/sms';
import type { TAudienceRefresh } from './campaigns.repository.ts';
import type { CustomersService } from './customers.service.ts';

/** The cost of sending to `reachable`: the Chinese variant to Chinese speakers when there is one, else English. */
export function priced(
  reachable: Array<{ language: 'en' | 'zh' }>,
  parts: { en: number; zh: number | null },
  pricing: TSmsPricing,
) {
  const zhCount = parts.zh !== null ? reachable.filter((c) => c.language === 'zh').length : 0;
  const enCount = reachable.length - zhCount;
  const cost = smsCost(
    [
      { language: 'en', parts: parts.en, recipients: enCount },
      ...(parts.zh !== null ? [{ language: 'zh' as const, parts: parts.zh, recipients: zhCount }] : []),
    ],
    pricing,
  );
  return { enCount, zhCount, cost };
}

/** What Send Now knows of a segment campaign: its kept filter, message parts and frozen price. */
export interface TSegmentCampaign extends TSmsPricing {
  audienceFilter: TCustomerFilter;
  partsEn: number;
  partsZh: number | null;
}

/**
 * A segment campaign's audience as the segment matches now (issue 24: evaluated when sent, not when
 * written): opted-out customers left out, cost at the campaign's own price. Past 1,000 matches
 * ('segmentTooLarge' with how many) or with nobody left to text ('segmentEmptyNow') it refuses.
 */
export async function segmentAudienceNow(
  customers: Pick<CustomersService, 'audience' | 'countFor'>,
  restaurantId: number,
  campaign: TSegmentCampaign,
  refuse: (key: keyof typeof CUSTOMERS_MESSAGES, vars?: Record<string, string | number>) => Error,
): Promise<TAudienceRefresh> {
  const chosen = await customers.audience(restaurantId, { filter: campaign.audienceFilter });
  if (chosen.length > MAX_SELECTED) {
    const total = await customers.countFor(restaurantId, campaign.audienceFilter);
    throw refuse('segmentTooLarge', { count: total.totalCapped ? `${total.total}+` : total.total });
  }
  const reachable = chosen.filter((c) => !c.optedOut);
  if (reachable.length === 0) throw refuse('segmentEmptyNow');
  const hasZh = campaign.partsZh !== null;
  const { enCount, zhCount, cost } = priced(reachable, { en: campaign.partsEn, zh: campaign.partsZh }, campaign);
  return {
    recipientsEn: enCount,
    recipientsZh: zhCount,
    optedOutExcluded: chosen.length - reachable.length,
    subtotalCents: cost.subtotalCents,
    taxCents: cost.taxCents,
    totalCents: cost.totalCents,
    phones: reachable.map((c) => c.phone),
    languages: reachable.map((c) => (hasZh && c.language === 'zh' ? 'zh' : 'en')),
  };
}
