import type { TLang } from '../errors.ts';

/** The insight domain's messages (comparison across locations, item profitability). */
export const INSIGHT_MESSAGES = {
  'insight.notSeveral': {
    en: 'The comparison is for accounts that can see several restaurants',
    zh: '门店对比仅适用于可查看多家餐厅的账号',
  },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;
