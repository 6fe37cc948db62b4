/**
 * The delivery domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts).
 */
export const DELIVERY_MESSAGES = {
  'delivery.markupPercentRange': {
    en: 'A percentage markup is from 0% to 50%, at most two decimals',
    zh: '百分比加价为 0% 至 50%，最多两位小数',
  },
  'delivery.markupFixedRange': {
    en: 'A fixed markup is from $0.00 to $20.00 per item',
    zh: '固定加价为每件 $0.00 至 $20.00',
  },
  'delivery.timeFormat': { en: 'Enter a time as HH:MM', zh: '时间格式为 HH:MM' },
  'delivery.rangeEmpty': { en: 'Opening and closing times must differ', zh: '开始和结束时间不能相同' },
  'delivery.notConnected': { en: 'Connect this platform first', zh: '请先连接该平台' },
  'delivery.alreadyConnected': { en: 'This platform is already connected', zh: '该平台已连接' },
  'delivery.pauseUntilPast': { en: 'Pick a time in the future', zh: '请选择将来的时间' },
  'delivery.platformUnavailable': {
    en: 'The delivery platform did not answer. Try again in a few minutes.',
    zh: '外卖平台没有响应，请稍后重试。',
  },
  'delivery.platformRejected': {
    en: 'The delivery platform refused the request',
    zh: '外卖平台拒绝了该请求',
  },
  'delivery.menuRefused': {
    en: 'The menu was not published: fix the problems listed first',
    zh: '菜单未发布：请先修正列出的问题',
  },
  'delivery.signatureInvalid': { en: 'Signature does not match', zh: '签名不匹配' },
  'delivery.storeUnknown': { en: 'Unknown store', zh: '未知门店' },
  'delivery.storePaused': {
    en: 'The store is paused on this platform and does not take orders now',
    zh: '该门店在此平台已暂停接单',
  },
  'delivery.storeClosed': {
    en: 'The store does not take orders on this platform at this time',
    zh: '该门店此时段不在此平台接单',
  },
  'delivery.storeIdRequired': {
    en: 'Enter the store id the platform shows for this restaurant',
    zh: '请输入平台为该餐厅显示的门店 ID',
  },
  'delivery.storeIdFormat': {
    en: 'A store id is letters, digits and - _ . : (at most 80)',
    zh: '门店 ID 由字母、数字和 - _ . : 组成（最多 80 个字符）',
  },
  'delivery.storeTaken': {
    en: 'Another restaurant is already connected to this store',
    zh: '该门店已被另一家餐厅连接',
  },
  'delivery.connectionOk': { en: 'The platform answered: the store is connected', zh: '平台已响应：门店连接正常' },
  'delivery.nothingToPublish': { en: 'The menu has no items to publish', zh: '菜单中没有可发布的菜品' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TDeliveryMessageKey = keyof typeof DELIVERY_MESSAGES;
