import { luhnCheckDigit } from '@ra/shared/giftcards/giftcards.schemas';
import type { TDomainSeedContext } from './seed-context.ts';
import { giftcardLedger, giftcards } from '../db/schema/giftcards.ts';
import { restaurants } from '../db/schema/restaurants.ts';

const DAY = 86_400_000;
const withCheck = (payload: string) => payload + String(luhnCheckDigit(payload));

/** A holder name no other restaurant has (the authorization matrix looks for it in foreign answers). */
export const HARBOR_GIFTCARD_MARKER = 'Olivia Harbourne';

type TMove = { type: string; amount: number; daysAgo: number; reason?: string; orderRef?: string; state?: string };
interface TSeedCard {
  number: string;
  kind: string;
  holderName: string;
  holderEmail?: string;
  moves: TMove[];
}

const HARBOR: TSeedCard[] = [
  {
    number: withCheck('604217700001234'),
    kind: 'physical',
    holderName: HARBOR_GIFTCARD_MARKER,
    moves: [
      { type: 'activate', amount: 5000, daysAgo: 60 },
      { type: 'redeem', amount: -1850, daysAgo: 41, orderRef: 'H-1041' },
      { type: 'load', amount: 2500, daysAgo: 20 },
      { type: 'redeem', amount: -3275, daysAgo: 3, orderRef: 'H-2210' },
    ],
  },
  {
    number: withCheck('604217700005678'),
    kind: 'egift',
    holderName: 'Daniel Reyes',
    holderEmail: 'daniel.reyes@example.com',
    moves: [{ type: 'activate', amount: 10000, daysAgo: 12 }],
  },
  {
    // Untouched for more than a year: shows in the breakage report.
    number: withCheck('604217700009012'),
    kind: 'physical',
    holderName: 'Priya Natarajan',
    moves: [
      { type: 'activate', amount: 2500, daysAgo: 480 },
      { type: 'redeem', amount: -1000, daysAgo: 470, orderRef: 'H-0077' },
    ],
  },
  {
    number: withCheck('604217700003456'),
    kind: 'physical',
    holderName: 'Sam Okafor',
    moves: [
      { type: 'activate', amount: 7500, daysAgo: 30 },
      { type: 'block', amount: 0, daysAgo: 2, reason: 'Reported lost by the guest', state: 'blocked' },
    ],
  },
  {
    number: 'HB-OLD-88812',
    kind: 'imported',
    holderName: 'Martha Klein',
    moves: [{ type: 'import', amount: 4200, daysAgo: 90 }],
  },
];

const DRAGON: TSeedCard[] = [
  {
    number: withCheck('604218800001111'),
    kind: 'physical',
    holderName: '王芳 Wang Fang',
    moves: [
      { type: 'activate', amount: 8800, daysAgo: 25 },
      { type: 'redeem', amount: -2680, daysAgo: 5, orderRef: 'D-5521' },
    ],
  },
];

/** A few cards with history at Harbor Bistro and one at Golden Dragon; ledger rows end at the card's balance. */
export async function seedGiftcardsDemo(ctx: TDomainSeedContext): Promise<void> {
  const rows = await ctx.db.select({ id: restaurants.id, name: restaurants.name }).from(restaurants);
  const byName = (name: string) => rows.find((r) => r.name === name)?.id;
  const plan: Array<[number | undefined, TSeedCard[]]> = [
    [byName('Harbor Bistro'), HARBOR],
    [byName('金龙餐厅 Golden Dragon'), DRAGON],
  ];
  const at = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY);
  for (const [restaurantId, cards] of plan) {
    if (restaurantId === undefined) continue;
    for (const card of cards) {
      let balance = 0;
      let state = 'pending';
      let lastMoney = at(card.moves[0]?.daysAgo ?? 0);
      const ledger = card.moves.map((m) => {
        balance += m.amount;
        state = m.state ?? (state === 'pending' ? 'active' : state);
        if (m.amount !== 0) lastMoney = at(m.daysAgo);
        return {
          restaurantId,
          type: m.type,
          amountCents: m.amount,
          balanceAfterCents: balance,
          stateAfter: state,
          reason: m.reason ?? '',
          orderRef: m.orderRef ?? '',
          actorName: 'Demo data',
          createdAt: at(m.daysAgo),
        };
      });
      const [created] = await ctx.db
        .insert(giftcards)
        .values({
          restaurantId,
          number: card.number,
          kind: card.kind,
          state,
          balanceCents: balance,
          holderName: card.holderName,
          holderEmail: card.holderEmail ?? '',
          createdAt: at(card.moves[0]?.daysAgo ?? 0),
          lastActivityAt: lastMoney,
        })
        .returning({ id: giftcards.id });
      if (created) await ctx.db.insert(giftcardLedger).values(ledger.map((l) => ({ ...l, cardId: created.id })));
    }
  }
}
