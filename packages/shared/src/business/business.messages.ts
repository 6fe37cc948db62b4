/**
 * The business domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts).
 */
export const BUSINESS_MESSAGES = {
  'business.stateRequired': { en: 'Please select a US state', zh: '请选择美国州' },
  'business.timeFormat': { en: 'Use a 24-hour time like 09:30', zh: '请使用 24 小时制时间，例如 09:30' },
  'business.rangeEmpty': { en: 'Open and close times must differ', zh: '开始和结束时间不能相同' },
  'business.rangesOverlap': { en: 'Opening hours on one day must not overlap', zh: '同一天的营业时段不能重叠' },
  'business.openDayNeedsHours': { en: 'An open day needs at least one time range', zh: '营业日至少需要一个时段' },
  'business.tooManyRanges': { en: 'At most 4 time ranges a day', zh: '每天最多 4 个时段' },
  'business.allWeekdays': { en: 'Give all seven weekdays, each once', zh: '请填写一周七天，每天一次' },
  'business.dateFormat': { en: 'Use a date like 2025-12-25', zh: '请使用 2025-12-25 这样的日期' },
  'business.specialDayTwice': {
    en: 'Each date can have only one special entry',
    zh: '每个日期只能设置一条特殊营业时间',
  },
  'business.holidayHasHours': {
    en: 'A holiday cannot also be a special day with opening hours',
    zh: '节假日不能同时设为有营业时段的特殊日期',
  },
  'business.noteTooLong': { en: 'At most 60 characters', zh: '最多 60 个字符' },

  'business.routingChecksum': {
    en: 'This is not a valid ABA routing number; please check the digits',
    zh: '这不是有效的 ABA 银行路由号码，请检查数字',
  },
  'business.accountNumberError': { en: 'Account number must be 4 to 17 digits', zh: '银行账号必须是 4 到 17 位数字' },
  'business.accountTypeRequired': { en: 'Please select an account type', zh: '请选择账户类型' },
  'business.customerIdError': {
    en: 'Use letters, digits, _ or - for the customer id',
    zh: '客户 ID 只能包含字母、数字、_ 或 -',
  },
  'business.depositAmountError': {
    en: 'Enter the deposit as shown on your statement, e.g. 0.32',
    zh: '请按银行对账单填写入账金额，例如 0.32',
  },
  'business.descriptorCodeError': {
    en: 'Enter the 6-character code from the deposit on your statement, e.g. SM11AA',
    zh: '请填写对账单上该笔入账的 6 位代码，例如 SM11AA',
  },
  'business.descriptorCodeWrong': {
    en: 'The code does not match the deposit; please check your statement',
    zh: '代码与入账记录不符，请核对银行对账单',
  },
  'business.bankVerifiesByCode': {
    en: 'This account is verified with the code on the deposit, not with amounts',
    zh: '此账户需使用入账记录上的代码验证，而非金额',
  },
  'business.bankVerifiesByAmounts': {
    en: 'This account is verified with the two deposit amounts, not with a code',
    zh: '此账户需使用两笔入账金额验证，而非代码',
  },
  'business.bankAlreadyLinked': {
    en: 'A bank account is already linked; reset it to link another',
    zh: '已绑定银行账户；如需更换，请先重置',
  },
  'business.bankNotLinked': { en: 'No bank account is linked yet', zh: '尚未绑定银行账户' },
  'business.bankNotAwaiting': {
    en: 'The deposits have not arrived yet, or this account is not waiting for verification',
    zh: '小额入账尚未到账，或此账户当前无需验证',
  },
  'business.depositsWrong': {
    en: 'The amounts do not match the deposits; please check your statement',
    zh: '金额与入账金额不符，请核对银行对账单',
  },
  'business.bankVerifyFailed': {
    en: 'Verification failed after 3 wrong tries; reset the bank account to start again',
    zh: '验证错误已达 3 次，验证失败；请重置银行账户后重新开始',
  },
  'business.bankExpired': {
    en: 'Verification expired after 10 days; reset the bank account to start again',
    zh: '验证已超过 10 天而过期；请重置银行账户后重新开始',
  },
  'business.providerRefused': {
    en: 'The payment provider refused this bank account; please check the details',
    zh: '支付服务商拒绝了此银行账户，请核对信息',
  },
  'business.providerUnavailable': {
    en: 'The payment provider is not answering; please try again later',
    zh: '支付服务商暂时无响应，请稍后再试',
  },

  'business.feeAmountError': {
    en: 'Enter an amount with at most two decimal places',
    zh: '请输入最多两位小数的金额',
  },
  'business.feePercentError': { en: 'Enter a percentage from 0 to 100', zh: '请输入 0 到 100 之间的百分比' },
  'business.feeOrderTypes': { en: 'Choose at least one order type', zh: '请至少选择一种订单类型' },
  'business.feeDates': { en: 'The end date cannot be before the start date', zh: '结束日期不能早于开始日期' },
  'business.feeNotFound': { en: 'This service fee no longer exists', zh: '此附加费已不存在' },

  'business.taxRateError': {
    en: 'Enter a tax rate from 0 to 100 with at most three decimals (e.g. 8.875)',
    zh: '请输入 0 到 100 之间、最多三位小数的税率（例如 8.875）',
  },
  'business.gratuityPercentError': {
    en: 'Enter a gratuity from 0 to 100 percent with at most two decimals',
    zh: '请输入 0 到 100 之间、最多两位小数的自动小费百分比',
  },
  'business.partySizeTwice': { en: 'Each party size can have only one rule', zh: '每个就餐人数只能设置一条规则' },
  'business.busyUntilPast': { en: 'Choose a time in the future', zh: '请选择将来的时间' },
  'business.busyUntilRequired': { en: 'Choose until when', zh: '请选择截止时间' },
  'business.toGoFlagOnlyOn': { en: 'This setting can only be turned on', zh: '此设置只能开启，不能关闭' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TBusinessMessageKey = keyof typeof BUSINESS_MESSAGES;

export const businessMessage = (key: TBusinessMessageKey) => BUSINESS_MESSAGES[key].en;
