import { MESSAGES, type TLang } from '../errors.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { AUTH_MESSAGES } from '../auth/auth.messages.ts';
import { MEDIA_MESSAGES } from '../media/media.messages.ts';
import { MENU_MESSAGES } from '../menu/menu.messages.ts';
import { BUSINESS_MESSAGES } from '../business/business.messages.ts';
import { DEVICES_MESSAGES } from '../devices/devices.messages.ts';
import { DELIVERY_MESSAGES } from '../delivery/delivery.messages.ts';
import { COUPONS_MESSAGES } from '../coupons/coupons.messages.ts';
import { GIFTCARDS_MESSAGES } from '../giftcards/giftcards.messages.ts';
import { REWARDS_MESSAGES } from '../rewards/rewards.messages.ts';
import { REFUNDS_MESSAGES } from '../refunds/refunds.messages.ts';
import { WORK_HOURS_MESSAGES } from '../work-hours/work-hours.messages.ts';
import { TIPS_MESSAGES } from '../tips/tips.messages.ts';
import { AGENT_MESSAGES } from '../agent/agent.messages.ts';
import { INSIGHT_MESSAGES } from '../insight/insight.messages.ts';
import { CUSTOMERS_MESSAGES } from '../customers/customers.messages.ts';
import { TEAM_MESSAGES } from '../team/team.messages.ts';
import { ORDER_MESSAGES } from '../orders/orders.schemas.ts';
import { ORDER_CHANGE_MESSAGES } from '../orders/order-changes.ts';
import { REPORT_MESSAGES } from '../reports/reports.schemas.ts';
import { CALENDAR_MESSAGES } from '../dashboard/order-calendar.schemas.ts';
import { REPORT_MAIL_MESSAGES } from '../report-mail/report-mail.messages.ts';
import { SEGMENTS_MESSAGES } from '../segments/segments.messages.ts';

/**
 * Every message the server can send, under one stable dotted key (docs/decisions.md "Error keys").
 * An error body is `{ code, key, params?, message }`: `message` is the English text with the
 * parameters filled in, `key` names the entry here and `params` fill its `{placeholders}`; the web
 * shows the entry in the user's language through i18next (namespace `server`).
 *
 * A domain's table joins here once; keys already dotted ('menu.nameTaken') are kept, a table with
 * short keys gets its domain as prefix (MESSAGES.loginFailed -> 'common.loginFailed').
 */
export type TMessageText = Readonly<Record<TLang, string>>;
export type TMessageParams = Readonly<Record<string, string | number>>;

/** Framework answers that carry a library's own wording (405, 413, 415 …): the key says what it is. */
export const FRAMEWORK_MESSAGES = {
  requestRefused: { en: 'The server could not handle this request.', zh: '服务器无法处理此请求。' },
} as const satisfies Record<string, TMessageText>;

/**
 * Texts server modules send that had no shared table when the catalog was made (found by the fuzz and
 * a scan of the throw sites); their module may move them to its domain's table, keeping the key.
 */
export const MODULE_MESSAGES = {
  'orders.timeZoneRequired': {
    en: 'Please choose the restaurant’s time zone before sending orders: every figure is filed under a business day of that zone',
    zh: '发送订单前请先选择餐厅的时区：所有数据都按该时区的营业日归档',
  },
  'devices.nothingToChange': {
    en: 'Nothing to change: send name, code or platformConfig',
    zh: '没有要修改的内容：请提供 name、code 或 platformConfig',
  },
  'customers.badSignature': { en: 'Bad signature', zh: '签名无效' },
  'node.unknownClientCode': { en: 'Unknown client code', zh: '未知的客户端代码' },
  'workHours.toBeforeFrom': { en: 'to must be after from', zh: '结束时间必须晚于开始时间' },
} as const satisfies Record<string, TMessageText>;

function prefixed(prefix: string, table: Readonly<Record<string, TMessageText>>): [string, TMessageText][] {
  return Object.entries(table).map(([key, text]) => [key.includes('.') ? key : `${prefix}.${key}`, text]);
}

const entries: [string, TMessageText][] = [
  ...prefixed('common', MESSAGES),
  ...prefixed('common', FRAMEWORK_MESSAGES),
  ...prefixed('validation', VALIDATION_MESSAGES),
  ...prefixed('auth', AUTH_MESSAGES),
  ...prefixed('team', TEAM_MESSAGES),
  ...prefixed('media', MEDIA_MESSAGES),
  ...prefixed('menu', MENU_MESSAGES),
  ...prefixed('business', BUSINESS_MESSAGES),
  ...prefixed('devices', DEVICES_MESSAGES),
  ...prefixed('delivery', DELIVERY_MESSAGES),
  ...prefixed('coupons', COUPONS_MESSAGES),
  ...prefixed('giftcards', GIFTCARDS_MESSAGES),
  ...prefixed('rewards', REWARDS_MESSAGES),
  ...prefixed('refunds', REFUNDS_MESSAGES),
  ...prefixed('workHours', WORK_HOURS_MESSAGES),
  ...prefixed('tips', TIPS_MESSAGES),
  ...prefixed('agent', AGENT_MESSAGES),
  ...prefixed('insight', INSIGHT_MESSAGES),
  ...prefixed('customers', CUSTOMERS_MESSAGES),
  ...prefixed('orders', ORDER_MESSAGES),
  ...prefixed('orders', ORDER_CHANGE_MESSAGES),
  ...prefixed('reports', REPORT_MESSAGES),
  ...prefixed('calendar', CALENDAR_MESSAGES),
  ...prefixed('reportMail', REPORT_MAIL_MESSAGES),
  ...prefixed('segments', SEGMENTS_MESSAGES),
  ...prefixed('common', MODULE_MESSAGES),
];

/** key -> { en, zh }. A key two tables share ('menu.selectOption') holds the same text in both. */
export const MESSAGE_CATALOG: Readonly<Record<string, TMessageText>> = Object.fromEntries(entries);

export type TMessageRef = { key: string; params?: Record<string, string> };

/**
 * English text -> key. When two keys share one English text the later table wins (the customers'
 * SMS wording over the shared validation copy), as the web's English lookup always did.
 */
const byEnglish = new Map<string, string>(entries.map(([key, text]) => [text.en, key]));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Entries with `{placeholders}`, as patterns that recover the parameters from the English text. */
const patterns = entries
  .filter(([, text]) => /\{\w+\}/.test(text.en))
  .map(([key, text]) => {
    const names: string[] = [];
    const source = text.en
      .split(/(\{\w+\})/)
      .map((part) => {
        const placeholder = /^\{(\w+)\}$/.exec(part);
        if (!placeholder) return escapeRegExp(part);
        names.push(placeholder[1] as string);
        return '(.+?)';
      })
      .join('');
    return { key, names, pattern: new RegExp(`^${source}$`, 's') };
  });

/**
 * The key (and parameters) of an English message: how the server keys an error its thrower gave as
 * text only. 'Spend $5.00 more to use this coupon' -> { key: 'coupons.belowMinimum', params: { amount: '$5.00' } }.
 */
export function findMessageKey(english: string): TMessageRef | undefined {
  const exact = byEnglish.get(english);
  if (exact) return { key: exact };
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(english);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string])) };
  }
  return undefined;
}

/** The entry for `key` in `lang` with `{placeholders}` filled; missing ones stay visible. */
export function formatMessage(key: string, lang: TLang, params: TMessageParams = {}): string | undefined {
  const text = MESSAGE_CATALOG[key]?.[lang];
  return text?.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}
