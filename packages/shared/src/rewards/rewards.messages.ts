/**
 * The rewards domain's messages (issue 24 "Loyalty rewards"): the server answers with `en`, the web
 * shows `zh` to Chinese users. SPEC names points (pointsPerDollar) but no reward wording: these are ours.
 */
export const REWARD_NAME_MAX_LENGTH = 60;
export const REWARD_REASON_MAX_LENGTH = 200;
export const REWARD_POINTS_MAX = 1_000_000;

export const REWARDS_MESSAGES = {
  'rewards.nameRequired': { en: 'Please enter the reward’s English name', zh: '请输入奖励的英文名称' },
  'rewards.nameTooLong': {
    en: `Names can be at most ${REWARD_NAME_MAX_LENGTH} characters`,
    zh: `名称最多 ${REWARD_NAME_MAX_LENGTH} 个字符`,
  },
  'rewards.pointsRange': {
    en: `The points cost is a whole number from 1 to ${REWARD_POINTS_MAX.toLocaleString('en-US')}`,
    zh: `所需积分为 1 到 ${REWARD_POINTS_MAX.toLocaleString('en-US')} 的整数`,
  },
  'rewards.kindRequired': { en: 'Please choose what the reward gives', zh: '请选择奖励内容' },
  'rewards.couponRequired': { en: 'Please choose the coupon the reward gives', zh: '请选择奖励赠送的优惠券' },
  'rewards.itemRequired': { en: 'Please choose the free menu item', zh: '请选择赠送的菜品' },
  'rewards.couponUnknown': {
    en: 'This coupon does not exist at this restaurant or is no longer active',
    zh: '该优惠券在本餐厅不存在或已停用',
  },
  'rewards.itemUnknown': { en: 'This menu item does not exist at this restaurant', zh: '该菜品在本餐厅不存在' },
  'rewards.notFound': { en: 'This reward does not exist at this restaurant', zh: '该奖励在本餐厅不存在' },
  'rewards.archived': { en: 'This reward is archived and can no longer be redeemed', zh: '该奖励已归档，无法再兑换' },
  'rewards.customerRequired': {
    en: 'Please give the customer’s phone number or id',
    zh: '请提供顾客的手机号或编号',
  },
  'rewards.customerNotFound': {
    en: 'No customer with this phone number or id has earned points at this restaurant',
    zh: '本餐厅没有该手机号或编号的积分顾客',
  },
  'rewards.insufficient': {
    en: 'Not enough points: this reward costs {cost}, the customer has {balance}',
    zh: '积分不足：该奖励需要 {cost} 积分，顾客现有 {balance} 积分',
  },
  'rewards.keyRequired': {
    en: 'Please send an idempotency key (8 to 80 letters, digits, hyphens or underscores)',
    zh: '请提供幂等键（8 到 80 位字母、数字、连字符或下划线）',
  },
  'rewards.keyReused': {
    en: 'This idempotency key was already used for another redemption',
    zh: '该幂等键已用于另一次兑换',
  },
  'rewards.adjustRange': {
    en: `The adjustment is a whole number of points, not 0, at most ${REWARD_POINTS_MAX.toLocaleString('en-US')} either way`,
    zh: `调整积分为非 0 整数，增减最多 ${REWARD_POINTS_MAX.toLocaleString('en-US')}`,
  },
  'rewards.reasonRequired': { en: 'Please enter the reason', zh: '请输入原因' },
  'rewards.reasonTooLong': {
    en: `Reasons can be at most ${REWARD_REASON_MAX_LENGTH} characters`,
    zh: `原因最多 ${REWARD_REASON_MAX_LENGTH} 个字符`,
  },
  'rewards.adjustBelowZero': {
    en: 'The adjustment would leave the customer below 0 points (balance {balance})',
    zh: '调整后顾客积分将低于 0（现有 {balance} 积分）',
  },
  'rewards.periodOrder': { en: 'The end date must not be before the start date', zh: '结束日期不能早于开始日期' },
  'rewards.periodTooLong': { en: 'A period can be at most 366 days', zh: '统计周期最多 366 天' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TRewardsMessageKey = keyof typeof REWARDS_MESSAGES;

export function rewardsMessage(
  key: TRewardsMessageKey,
  lang: 'en' | 'zh' = 'en',
  params: Record<string, string | number> = {},
): string {
  return REWARDS_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
