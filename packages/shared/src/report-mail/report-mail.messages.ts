/** Reports by email (issue 24): the server answers with `en`, the web shows `zh` to Chinese users. */
export const REPORT_MAIL_MESSAGES: Record<string, { en: string; zh: string }> = {
  badUnsubscribeLink: { en: 'This unsubscribe link is not valid', zh: '此退订链接无效' },
  noTimeZone: {
    en: 'Set the restaurant’s time zone first: reports are sent after its business day ends',
    zh: '请先设置餐厅时区：报表在营业日结束后发送',
  },
  sendFailed: { en: 'The report could not be sent, please try again later', zh: '报表发送失败，请稍后再试' },
};
