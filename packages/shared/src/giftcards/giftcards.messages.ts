/**
 * The giftcards domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts). SPEC 3 names gift cards
 * (viewGiftcard) but shows no wording, so these words are ours.
 */
export const GIFTCARD_MAX_CENTS = 1_000_000; // $10,000 on one card
export const GIFTCARD_REASON_MAX_LENGTH = 200;

export const GIFTCARDS_MESSAGES = {
  'giftcards.amountPositive': { en: 'The amount must be greater than 0', zh: '金额必须大于 0' },
  'giftcards.amountTooLarge': {
    en: 'A card can hold at most $10,000.00',
    zh: '一张卡最多可存 $10,000.00',
  },
  'giftcards.reasonRequired': { en: 'Please enter the reason', zh: '请输入原因' },
  'giftcards.reasonTooLong': {
    en: `Reasons can be at most ${GIFTCARD_REASON_MAX_LENGTH} characters`,
    zh: `原因最多 ${GIFTCARD_REASON_MAX_LENGTH} 个字符`,
  },
  'giftcards.emailRequired': {
    en: 'Please enter the recipient’s email address for an e-gift card',
    zh: '电子礼品卡请输入收件人邮箱',
  },
  'giftcards.emailFormat': { en: 'Please enter the correct email address', zh: '请输入正确的邮箱地址' },
  'giftcards.importNumberFormat': {
    en: 'Imported card numbers are 8 to 20 letters, digits or hyphens',
    zh: '导入的卡号为 8 到 20 位字母、数字或连字符',
  },
  'giftcards.numberTaken': { en: 'A card with this number already exists', zh: '该卡号已存在' },
  'giftcards.notFound': { en: 'This gift card does not exist at this restaurant', zh: '该礼品卡在本餐厅不存在' },
  'giftcards.insufficient': {
    en: 'Not enough balance on this card (balance {balance})',
    zh: '卡内余额不足（余额 {balance}）',
  },
  'giftcards.zeroBalance': { en: 'This card has no balance left', zh: '该卡已无余额' },
  'giftcards.notActive': { en: 'This card is not active', zh: '该卡未激活或不可用' },
  'giftcards.blocked': { en: 'This card is blocked', zh: '该卡已冻结' },
  'giftcards.deactivated': { en: 'This card is deactivated for good', zh: '该卡已永久停用' },
  'giftcards.notPending': { en: 'Only a pending card can be activated', zh: '只有待激活的卡可以激活' },
  'giftcards.notBlocked': { en: 'This card is not blocked', zh: '该卡未被冻结' },
  'giftcards.refundTooLarge': {
    en: 'The refund is more than was redeemed for this order ({amount})',
    zh: '退款金额超过该订单的已用金额（{amount}）',
  },
  'giftcards.orderRequired': { en: 'Please enter the order number', zh: '请输入订单号' },
  'giftcards.monthsRange': { en: 'Months are from 1 to 120', zh: '月数为 1 到 120' },
  'giftcards.holderTooLong': { en: 'Names can be at most 80 characters', zh: '姓名最多 80 个字符' },
  'giftcards.emailFailed': {
    en: 'The card was issued but the email could not be sent; try resending later',
    zh: '礼品卡已发行，但邮件发送失败，请稍后重新发送',
  },
  'giftcards.issued': { en: 'Gift card issued', zh: '礼品卡已发行' },
  'giftcards.done': { en: 'Done', zh: '已完成' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TGiftcardsMessageKey = keyof typeof GIFTCARDS_MESSAGES;

export function giftcardsMessage(
  key: TGiftcardsMessageKey,
  lang: 'en' | 'zh' = 'en',
  params: Record<string, string | number> = {},
): string {
  return GIFTCARDS_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
