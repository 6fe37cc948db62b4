/**
 * The refunds domain's messages (issue 23 "Refunds"): the server answers with `en`, the web shows `zh`
 * to Chinese users. SPEC shows no refund wording, so these words are ours.
 */
export const REFUND_NOTE_MAX_LENGTH = 500;

export const REFUNDS_MESSAGES = {
  'refunds.orderNotFound': { en: 'This order does not exist at this restaurant', zh: '该订单在本餐厅不存在' },
  'refunds.refundNotFound': { en: 'This refund does not exist at this restaurant', zh: '该退款在本餐厅不存在' },
  'refunds.nothingToRefund': { en: 'Choose the lines or the amount to refund', zh: '请选择要退款的菜品或金额' },
  'refunds.amountRequired': { en: 'Enter the amount to refund', zh: '请输入退款金额' },
  'refunds.linesRequired': { en: 'Choose at least one line to refund', zh: '请至少选择一道菜品退款' },
  'refunds.paymentRequired': { en: 'Choose the card payment to refund', zh: '请选择要退回的刷卡付款' },
  'refunds.giftcardRequired': { en: 'Enter the gift card number to refund to', zh: '请输入退回的礼品卡卡号' },
  'refunds.noteTooLong': {
    en: `Notes can be at most ${REFUND_NOTE_MAX_LENGTH} characters`,
    zh: `备注最多 ${REFUND_NOTE_MAX_LENGTH} 个字符`,
  },
  'refunds.unknownLine': { en: 'Line {lineNo} is not on this order', zh: '本订单没有第 {lineNo} 行' },
  'refunds.lineNotRefundable': {
    en: 'Line {lineNo} has {left} left to refund',
    zh: '第 {lineNo} 行还可退 {left} 份',
  },
  'refunds.unknownPayment': { en: 'This card payment is not on this order', zh: '本订单没有这笔刷卡付款' },
  'refunds.exceedsOrder': {
    en: 'At most {left} is left to refund on this order',
    zh: '本订单最多还可退 {left}',
  },
  'refunds.exceedsPayment': {
    en: 'At most {left} is left to refund on this card payment',
    zh: '这笔刷卡付款最多还可退 {left}',
  },
  'refunds.orderNotClosed': { en: 'Only a closed order can be refunded', zh: '只有已结账的订单才能退款' },
  'refunds.giftcardNotFound': { en: 'This gift card does not exist at this restaurant', zh: '该礼品卡在本餐厅不存在' },
  'refunds.giftcardNotActive': { en: 'This gift card is not active', zh: '该礼品卡未激活' },
  'refunds.declined': {
    en: 'The card processor declined the refund ({code}); nothing was refunded',
    zh: '收单机构拒绝了退款（{code}），未退任何款项',
  },
  'refunds.keyReused': {
    en: 'This request key was already used for another refund',
    zh: '该请求标识已用于另一笔退款',
  },
  'refunds.notPending': { en: 'This refund is not waiting for approval', zh: '该退款不在待审批状态' },
  'refunds.ownApproval': {
    en: 'A second person must approve a refund above your limit',
    zh: '超过您限额的退款须由另一人审批',
  },
  'refunds.overApproverLimit': {
    en: 'This refund is above your own limit of {limit}',
    zh: '该退款超过您自己的限额 {limit}',
  },
  'refunds.unknownRole': { en: 'Role {roleId} is not a role of this restaurant', zh: '角色 {roleId} 不属于本餐厅' },
  'refunds.limitAboveOwn': {
    en: 'You cannot give a role a refund limit above your own ({limit}) or no limit',
    zh: '不能为角色设置高于您自己限额（{limit}）的退款限额，也不能设为不限额',
  },
  'refunds.limitsSaved': { en: 'Refund limits saved', zh: '退款限额已保存' },
} as const;

export type TRefundsMessageKey = keyof typeof REFUNDS_MESSAGES;

export function refundsMessage(
  key: TRefundsMessageKey,
  lang: 'en' | 'zh' = 'en',
  params: Record<string, string | number> = {},
): string {
  return REFUNDS_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
