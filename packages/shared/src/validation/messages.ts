import type { TLang } from '../errors.ts';
import { MESSAGES } from '../errors.ts';
import { MAX_SMS_USERS } from '../format/constants.ts';
import { INPUT_MESSAGES } from './input.messages.ts';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from './rules.ts';

/**
 * Validation and SMS wording in both languages, under the SPEC's own i18n keys where it names them
 * (SPEC 5: account.routingnumberError, account.zipcodeError, account.phoneError,
 * user.EmailFormatrules). English text is the SPEC's exact wording wherever the SPEC quotes one;
 * it is what the server sends back in `message`, so the browser can match on it.
 */
export const VALIDATION_MESSAGES = {
  'validation.required': { en: 'This field is required', zh: '此项为必填项' },
  'validation.amountTwoDecimals': {
    en: 'Amounts can have at most two decimal places',
    zh: '金额最多只能有两位小数',
  },
  'validation.invalidAmount': { en: 'Please enter a valid amount', zh: '请输入有效的金额' },
  ...INPUT_MESSAGES,

  'account.routingnumberError': { en: 'Routing number must be exactly 9 digits', zh: '银行路由号码必须是 9 位数字' },
  'account.zipcodeError': {
    en: 'Zip code must be 5 digits, optionally followed by a hyphen and 4 digits',
    zh: '邮政编码应为 5 位数字，或 5 位数字加连字符和 4 位数字',
  },
  'account.phoneError': {
    en: 'Please enter a valid US phone number, e.g. (555) 123-4567',
    zh: '请输入有效的美国电话号码，例如 (555) 123-4567',
  },
  'user.EmailFormatrules': MESSAGES.invalidEmail,
  'user.pinError': {
    en: `PIN must be ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits`,
    zh: `PIN 码必须是 ${PIN_MIN_LENGTH} 到 ${PIN_MAX_LENGTH} 位数字`,
  },

  'menu.selectOption': { en: 'Please select an option', zh: '请选择一个选项' },
  'menu.inputPrice': { en: 'Please input price', zh: '请输入价格' },
  'menu.inputLinkedWithDBID': { en: 'Please input linkedWithDBID', zh: '请输入关联数据库 ID（linkedWithDBID）' },
  'menu.inputPrinters': { en: 'Please input printers', zh: '请选择打印机' },
  'menu.inputDishHourWithDays': { en: 'Please input Menu Dish Hour with Days', zh: '请输入菜品供应时段及星期' },
  'menu.enterItemId': { en: 'Please enter the item_id', zh: '请输入商品编号（item_id）' },
  'menu.enterName': { en: 'Please enter the name', zh: '请输入名称' },
  'menu.enterPrintName': { en: 'Please enter the print name', zh: '请输入打印名称' },
  'menu.enterPrice': { en: 'Please enter the price', zh: '请输入价格' },

  // SPEC 5: SMS campaign selection rules.
  'sms.maxUsers': {
    en: `Maximum ${MAX_SMS_USERS} users can be selected`,
    zh: `最多只能选择 ${MAX_SMS_USERS} 位用户`,
  },
  'sms.selectUsersFirst': { en: 'Please select users first', zh: '请先选择用户' },
  'sms.searchUnchanged': {
    en: 'Search conditions unchanged, no need to search again',
    zh: '搜索条件未改变，无需重复搜索',
  },
  'sms.linkBankFirst': { en: 'Please link bank information first', zh: '请先绑定银行信息' },
  // SPEC 8: SMS sending and approval outcomes.
  'sms.sendFailed': { en: 'Failed to send, please try again later', zh: '发送失败，请稍后再试' },
  'sms.paymentFailed': { en: 'Payment failed, please try again later', zh: '支付失败，请稍后再试' },
  'sms.submitApprovalFailed': { en: 'Failed to submit SMS approval', zh: '短信审核提交失败' },
  'sms.approvalSubmitted': { en: 'SMS approval submitted successfully', zh: '短信审核提交成功' },
  'sms.reviewApproved': { en: 'Review approved', zh: '审核已通过' },
  'sms.reviewRejected': { en: 'Review rejected', zh: '审核已驳回' },
  'sms.sentToUsers': { en: 'SMS sent to {count} users', zh: '短信已发送给 {count} 位用户' },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;

export type TValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/**
 * The message for `key` in `lang`, with `{name}` placeholders filled from `params`
 * (e.g. 'sms.sentToUsers' takes `{ count }`). Placeholders without a value are left visible so a
 * missing parameter shows up in review instead of silently reading "SMS sent to  users".
 */
export function validationMessage(
  key: TValidationMessageKey,
  lang: TLang,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return VALIDATION_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}
