/**
 * The coupons domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts). SPEC 5 "Coupon
 * generator" gives the rules but not their wording (SPEC 8 "coupon item-list test errors: wording not
 * shown"), so the words are ours; SPEC 9 gives the limits (total limit at least 2, discount 1 to 100).
 */
export const COUPON_MIN_TOTAL_NUM = 2;
export const COUPON_DISCOUNT_MIN = 1;
export const COUPON_DISCOUNT_MAX = 100;
export const COUPON_NAME_MAX_LENGTH = 60;
export const COUPON_CODE_MIN_LENGTH = 4;
export const COUPON_CODE_MAX_LENGTH = 24;
export const PREMIUM_CODES_MAX = 100_000;

export const COUPONS_MESSAGES = {
  'coupons.nameRequired': { en: 'Please enter the coupon name', zh: '请输入优惠券名称' },
  'coupons.nameTooLong': {
    en: `Coupon names can be at most ${COUPON_NAME_MAX_LENGTH} characters`,
    zh: `优惠券名称最多 ${COUPON_NAME_MAX_LENGTH} 个字符`,
  },
  'coupons.typeRequired': { en: 'Please select the coupon type', zh: '请选择优惠券类型' },
  'coupons.codeFormat': {
    en: `Codes are ${COUPON_CODE_MIN_LENGTH} to ${COUPON_CODE_MAX_LENGTH} letters, digits or hyphens`,
    zh: `优惠码为 ${COUPON_CODE_MIN_LENGTH} 到 ${COUPON_CODE_MAX_LENGTH} 位字母、数字或连字符`,
  },
  'coupons.codeRequired': { en: 'Please enter the custom code', zh: '请输入自定义优惠码' },
  'coupons.codeTaken': { en: 'This code is already used at this restaurant', zh: '该优惠码在本餐厅已被使用' },
  // SPEC 5: spend/minus needs both values above 0 and spend at least minus.
  'coupons.overAmountPositive': { en: 'The spend amount must be greater than 0', zh: '消费金额必须大于 0' },
  'coupons.minusAmountPositive': { en: 'The amount off must be greater than 0', zh: '减免金额必须大于 0' },
  'coupons.spendAtLeastMinus': {
    en: 'The spend amount must be at least the amount off',
    zh: '消费金额不能小于减免金额',
  },
  // SPEC 5: spend/discount needs both above 0 and discount from 1 to 100.
  'coupons.discountRange': {
    en: `The discount must be a whole number from ${COUPON_DISCOUNT_MIN} to ${COUPON_DISCOUNT_MAX}`,
    zh: `折扣必须是 ${COUPON_DISCOUNT_MIN} 到 ${COUPON_DISCOUNT_MAX} 之间的整数`,
  },
  // SPEC 5 / 9: total limit (optional) at least 2.
  'coupons.totalNumMin': {
    en: `The total limit must be at least ${COUPON_MIN_TOTAL_NUM}`,
    zh: `总使用次数至少为 ${COUPON_MIN_TOTAL_NUM}`,
  },
  // SPEC 5: buy N give N needs both above 0 and buy at least give.
  'coupons.buyPositive': { en: 'The number to buy must be greater than 0', zh: '购买数量必须大于 0' },
  'coupons.givePositive': { en: 'The number given must be greater than 0', zh: '赠送数量必须大于 0' },
  'coupons.buyAtLeastGive': {
    en: 'The number to buy must be at least the number given',
    zh: '购买数量不能小于赠送数量',
  },
  // SPEC 5: pieces and discount needs both above 0.
  'coupons.piecesPositive': { en: 'The number of pieces must be greater than 0', zh: '件数必须大于 0' },
  // SPEC 5: item id list format errors; a single id only warns.
  'coupons.itemIdsFormat': {
    en: 'Item ids are whole numbers separated by commas, e.g. 12,15,18',
    zh: '菜品编号为以逗号分隔的整数，例如 12,15,18',
  },
  'coupons.itemIdsSingle': {
    en: 'Only one item is listed: the coupon applies to that item alone',
    zh: '只列出了一个菜品：该优惠券仅适用于这一个菜品',
  },
  'coupons.categoryIdsFormat': {
    en: 'Category ids are whole numbers separated by commas, e.g. 3,4',
    zh: '分类编号为以逗号分隔的整数，例如 3,4',
  },
  // SPEC 5: either ids or categories required.
  'coupons.itemsOrCategoriesRequired': {
    en: 'Please enter item ids or categories',
    zh: '请输入菜品编号或分类',
  },
  // "Any item" (docs/decisions.md "Coupons for any item").
  'coupons.anyItemNotAllowed': {
    en: 'Only buy N give N, buy 1 get 1 and N pieces coupons can apply to any item',
    zh: '只有买N送N、买一送一和N件折扣优惠券可以适用于任意菜品',
  },
  'coupons.anyItemWithIds': {
    en: 'A coupon for any item lists no items or categories',
    zh: '适用于任意菜品的优惠券不能再指定菜品或分类',
  },
  // SPEC 5: topping ids required and well formed.
  'coupons.toppingIdsRequired': { en: 'Please enter the topping ids', zh: '请输入配料编号' },
  'coupons.toppingIdsFormat': {
    en: 'Topping ids are whole numbers separated by commas, e.g. 7,9',
    zh: '配料编号为以逗号分隔的整数，例如 7,9',
  },
  'coupons.unknownItems': {
    en: 'These item ids are not on the menu: {ids}',
    zh: '这些菜品编号不在菜单上：{ids}',
  },
  'coupons.unknownCategories': {
    en: 'These category ids are not on the menu: {ids}',
    zh: '这些分类编号不在菜单上：{ids}',
  },
  'coupons.unknownToppings': {
    en: 'These topping ids are not on the menu: {ids}',
    zh: '这些配料编号不在菜单上：{ids}',
  },
  'coupons.dateOrder': { en: 'The end date must not be before the start date', zh: '结束日期不能早于开始日期' },
  'coupons.hoursFormat': {
    en: 'Hours are written as HH:MM-HH:MM, e.g. 11:00-14:00',
    zh: '时段格式为 HH:MM-HH:MM，例如 11:00-14:00',
  },
  'coupons.channelsRequired': { en: 'Please select at least one channel', zh: '请至少选择一个渠道' },
  'coupons.daysRequired': { en: 'Please select at least one day', zh: '请至少选择一天' },
  'coupons.perCustomerMin': {
    en: 'The limit per customer must be at least 1',
    zh: '每位顾客的使用次数至少为 1',
  },
  'coupons.notFound': { en: 'This coupon does not exist at this restaurant', zh: '该优惠券在本餐厅不存在' },
  'coupons.deleteConfirm': { en: 'Do you really want to delete this coupon?', zh: '确定要删除这张优惠券吗？' },
  // Redemption (why a code does not apply; also the cart simulator's reasons).
  'coupons.codeUnknown': { en: 'This code is not valid here', zh: '该优惠码在此无效' },
  'coupons.inactive': { en: 'This coupon is switched off', zh: '该优惠券已停用' },
  'coupons.notStarted': { en: 'This coupon is not valid yet', zh: '该优惠券尚未生效' },
  'coupons.expired': { en: 'This coupon has expired', zh: '该优惠券已过期' },
  'coupons.wrongChannel': { en: 'This coupon is not valid on this channel', zh: '该优惠券不适用于此渠道' },
  'coupons.wrongDay': { en: 'This coupon is not valid today', zh: '该优惠券今天不可用' },
  'coupons.wrongHour': { en: 'This coupon is not valid at this hour', zh: '该优惠券在此时段不可用' },
  'coupons.limitReached': { en: 'This coupon has been used up', zh: '该优惠券已用完' },
  'coupons.codeUsed': { en: 'This code has already been used', zh: '该优惠码已被使用' },
  'coupons.customerLimitReached': {
    en: 'This customer has already used this coupon as often as allowed',
    zh: '该顾客使用此优惠券的次数已达上限',
  },
  'coupons.belowMinimum': { en: 'Spend {amount} more to use this coupon', zh: '再消费 {amount} 即可使用该优惠券' },
  'coupons.noQualifyingItems': { en: 'No item in the cart qualifies', zh: '购物车中没有符合条件的菜品' },
  'coupons.notEnoughPieces': {
    en: 'Add {count} more qualifying items to use this coupon',
    zh: '再添加 {count} 件符合条件的菜品即可使用该优惠券',
  },
  'coupons.notCombinable': {
    en: 'Not combined: this restaurant applies one coupon per order',
    zh: '未叠加：本餐厅每单只使用一张优惠券',
  },
  'coupons.betterApplied': {
    en: 'Not applied: a coupon that saves the customer more was used',
    zh: '未使用：已使用对顾客更优惠的优惠券',
  },
  'coupons.firstApplied': {
    en: 'Not applied: the coupon entered first was used',
    zh: '未使用：已使用最先输入的优惠券',
  },
  'coupons.notStackable': {
    en: 'Not combined: this coupon cannot be combined with others',
    zh: '未叠加：该优惠券不能与其他优惠券同时使用',
  },
  'coupons.reservationExpired': {
    en: 'This reservation ran out after {minutes} minutes unused; redeem the code again',
    zh: '该预留已超过 {minutes} 分钟未使用而失效，请重新核销优惠码',
  },
  'coupons.redemptionNotFound': { en: 'This redemption does not exist', zh: '该核销记录不存在' },
  'coupons.redemptionReleased': {
    en: 'This redemption was already released',
    zh: '该核销记录已被释放',
  },
  'coupons.orderAlreadyRedeemed': {
    en: 'This code is already applied to this order',
    zh: '该优惠码已用于此订单',
  },
  // Premium codes (SPEC 6 admin only).
  'coupons.codeCountRange': {
    en: `Generate from 1 to ${PREMIUM_CODES_MAX.toLocaleString('en-US')} codes`,
    zh: `可生成 1 到 ${PREMIUM_CODES_MAX.toLocaleString('en-US')} 个优惠码`,
  },
  'coupons.codeLengthRange': {
    en: 'Codes are 6 to 16 characters long (after the prefix)',
    zh: '优惠码长度为 6 到 16 个字符（不含前缀）',
  },
  'coupons.prefixFormat': {
    en: 'The prefix is up to 8 capital letters or digits',
    zh: '前缀最多 8 个大写字母或数字',
  },
  'coupons.batchRunning': {
    en: 'Codes for this coupon are being generated; wait for them or cancel first',
    zh: '该优惠券的优惠码正在生成，请等待完成或先取消',
  },
  'coupons.batchNotFound': { en: 'This code batch does not exist', zh: '该批优惠码不存在' },
  'coupons.batchNotRunning': { en: 'This batch is no longer running', zh: '该批次已不在运行' },
  'coupons.codeNotFound': { en: 'No code matches', zh: '没有匹配的优惠码' },
  'coupons.saved': { en: 'Coupon saved', zh: '优惠券已保存' },
  'coupons.deleted': { en: 'Coupon deleted', zh: '优惠券已删除' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TCouponsMessageKey = keyof typeof COUPONS_MESSAGES;

export function couponsMessage(
  key: TCouponsMessageKey,
  lang: 'en' | 'zh' = 'en',
  params: Record<string, string | number> = {},
): string {
  return COUPONS_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
