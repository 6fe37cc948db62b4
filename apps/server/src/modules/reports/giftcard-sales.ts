import { rangeBounds, type TDayRange } from '@ra/shared/business-day/date-range';
import type { TGiftCardSalesLine, TSameTimeOut } from '@ra/shared/reports/reports.schemas';

/**
 * Gift card sales from `start` (inclusive) to `end` (exclusive) at one restaurant: money loaded onto
 * cards (activations and reloads) and how many loads. The giftcards module offers it
 * (`TGiftcardsApi.sales`); app.ts hands it to this module.
 */
export type TGiftcardSalesPort = (
  restaurantId: number,
  start: Date,
  end: Date,
) => Promise<{ amountCents: number; count: number }>;

/**
 * The sales summary's "Gift card sales" line (issue 10): money loaded onto gift cards (activations
 * and reloads) in the range's business days. Selling a card is not revenue but a liability until the
 * card is spent, so it is reported apart and never added into gross or net sales; spending a card is
 * already counted as a payment method. The comparison period is cut at the same time as the sales
 * figures (`sameTime`), so a day in progress is not set against a whole one.
 */
export async function giftCardSalesLine(
  read: TGiftcardSalesPort,
  restaurantId: number,
  clock: { timeZone: string | null; hourOffsetEndOfDay: number },
  { range, previousRange, sameTime }: { range: TDayRange; previousRange: TDayRange | null; sameTime: TSameTimeOut },
): Promise<TGiftCardSalesLine> {
  const zone = clock.timeZone ?? 'UTC';
  const boundsOf = (r: TDayRange) => rangeBounds(r, zone, clock.hourOffsetEndOfDay);
  const previousBounds = previousRange ? boundsOf(previousRange) : null;
  const [current, previous] = await Promise.all([
    read(restaurantId, boundsOf(range).start, boundsOf(range).end),
    previousBounds
      ? read(restaurantId, previousBounds.start, sameTime ? new Date(sameTime.previousUntil) : previousBounds.end)
      : null,
  ]);
  return {
    current: { amountCents: current.amountCents, count: current.count },
    previous: previous ? { amountCents: previous.amountCents, count: previous.count } : null,
  };
}
