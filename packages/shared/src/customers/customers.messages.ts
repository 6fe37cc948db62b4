/**
 * The customer list's and SMS campaigns' messages (SPEC §5 and §8, exact English wording): the server
 * answers with `en`, and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts).
 */
export const CUSTOMERS_MESSAGES: Record<string, { en: string; zh: string }> = {
  maxSelected: { en: 'Maximum 1000 users can be selected', zh: '最多可选择 1000 位用户' },
  selectFirst: { en: 'Please select users first', zh: '请先选择用户' },
  searchUnchanged: {
    en: 'Search conditions unchanged, no need to search again',
    zh: '搜索条件未改变，无需重复搜索',
  },
  linkBankFirst: { en: 'Please link bank information first', zh: '请先绑定银行信息' },
  sendFailed: { en: 'Failed to send, please try again later', zh: '发送失败，请稍后再试' },
  paymentFailed: { en: 'Payment failed, please try again later', zh: '支付失败，请稍后再试' },
  /** The answer to an inbound HELP / 帮助 text (TwiML reply). */
  helpReply: {
    en: 'Restaurant marketing texts. Reply STOP to unsubscribe, START to subscribe again.',
    zh: '餐厅营销短信。回复 退订 取消订阅，回复 订阅 重新订阅。',
  },
  /** A recipient the provider refused because the number opted out (Twilio 21610). */
  recipientOptedOut: { en: 'Opted out', zh: '已退订' },
  submitFailed: { en: 'Failed to submit SMS approval', zh: '提交短信审核失败' },
  submitted: { en: 'SMS approval submitted successfully', zh: '短信审核提交成功' },
  approved: { en: 'Review approved', zh: '审核已通过' },
  rejected: { en: 'Review rejected', zh: '审核已拒绝' },
  /** {count} is replaced by the number of recipients. */
  sent: { en: 'SMS sent to {count} users', zh: '短信已发送给 {count} 位用户' },
  tooLong: { en: 'A message can be at most 10 parts', zh: '一条短信最多 10 段' },
  emptyMessage: { en: 'Please enter the message', zh: '请输入短信内容' },
  ownCampaign: {
    en: 'You cannot review a campaign you submitted yourself',
    zh: '不能审核自己提交的短信活动',
  },
  notAllowedNow: {
    en: 'This campaign cannot move from {from} to {to}',
    zh: '此活动不能从 {from} 变为 {to}',
  },
  /** A segment campaign at Send Now: the segment grew past the limit since it was written ({count}: how many now). */
  segmentTooLarge: {
    en: 'The segment now matches {count} customers, more than 1000: nothing was charged or sent. Write a new campaign for a narrower segment',
    zh: '该分组现在有 {count} 位客户，超过 1000 位：未扣费也未发送。请为更小的分组重新编写短信',
  },
  /** Writing a campaign to a segment that matches more than the limit ({count}: how many it matches). */
  segmentOverLimit: {
    en: 'The segment matches {count} customers; a campaign can go to at most 1000. Narrow the segment first',
    zh: '该分组有 {count} 位客户；一次短信最多发送给 1000 位。请先缩小分组范围',
  },
  /** A segment campaign at Send Now: nobody in the segment can be texted any more. */
  segmentEmptyNow: {
    en: 'Nobody in the segment can be texted now: nothing was charged or sent',
    zh: '该分组现在没有可发送的客户：未扣费也未发送',
  },
};
