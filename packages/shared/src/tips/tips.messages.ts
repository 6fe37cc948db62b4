/**
 * The tips domain's messages (issue 23): the server answers with `en`, the web shows `zh` to Chinese
 * users. Joined in ../messages/catalog.ts under the `tips.` prefix.
 */
export const TIPS_MESSAGES = {
  roleUnknown: { en: 'This role does not exist at this restaurant', zh: '本餐厅没有这个角色' },
  roleInTwoPools: { en: 'A role can be in one tip pool only', zh: '一个角色只能属于一个小费池' },
  poolEmpty: { en: 'A tip pool needs at least one role', zh: '小费池至少需要一个角色' },
  tipOutToSelf: { en: 'A tip-out goes to another role', zh: '小费分出必须给其他角色' },
  tipOutTooHigh: {
    en: 'A role can tip out at most 100 % of its tips in total',
    zh: '一个角色分出的小费合计不能超过 100%',
  },
  notAPayPeriod: { en: 'These dates are not one of the restaurant’s pay periods', zh: '这些日期不是本餐厅的工资周期' },
} as const;
export type TTipsMessageKey = keyof typeof TIPS_MESSAGES;
