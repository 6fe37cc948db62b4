import type { TLang } from '../errors.ts';

/**
 * The words of the report files (SPEC 2 "/salesReport" exports: headers, totals rows, channel, method
 * and kind names) in both languages, in one place. A key the screen also shows is the web's
 * locales/<lang>/reports.json key with the same wording (a web test holds them equal), so a downloaded
 * file reads like the table it came from. `file.*` words only appear in files: the screen shows those
 * figures another way (a second totals row, a pill, the order column holding the ticket number).
 */
export const REPORT_LABELS = {
  'table.total': { en: 'Total', zh: '合计' },
  'table.previousTotal': { en: 'Previous period', zh: '上一周期' },

  'figures.grossSalesCents': { en: 'Gross sales', zh: '销售总额' },
  'figures.discountCents': { en: 'Discounts', zh: '折扣' },
  'figures.compCents': { en: 'Comps', zh: '赠送' },
  'figures.voidCents': { en: 'Voids', zh: '作废' },
  'figures.netSalesCents': { en: 'Net sales', zh: '净销售额' },
  'figures.taxCents': { en: 'Tax', zh: '税费' },
  'figures.serviceChargeCents': { en: 'Service charge', zh: '附加费' },
  'figures.tipCents': { en: 'Tips', zh: '小费' },
  'figures.refundCents': { en: 'Refunds', zh: '退款' },
  'figures.totalCollectedCents': { en: 'Total collected', zh: '实收总额' },
  'figures.orderCount': { en: 'Orders', zh: '订单数' },
  'figures.guestCount': { en: 'Guests', zh: '客人数' },
  'figures.averageCheckCents': { en: 'Average check', zh: '单均消费' },
  'figures.averageGuestCents': { en: 'Average per guest', zh: '人均消费' },
  'figures.averageTurnMinutes': { en: 'Average table turn', zh: '平均翻台时长' },
  'figures.openOrderCount': { en: 'Open checks', zh: '未结账单' },
  'figures.voidedOrderCount': { en: 'Voided orders', zh: '作废订单' },
  'figures.refundCount': { en: 'Refunds issued', zh: '退款笔数' },
  'giftCardSales.title': { en: 'Gift card sales', zh: '礼品卡销售' },

  'columns.channel': { en: 'Channel', zh: '渠道' },
  'columns.previousNet': { en: 'Prev. net sales', zh: '上期净销售额' },
  'columns.previousAmount': { en: 'Prev. amount', zh: '上期金额' },
  'columns.previousQuantity': { en: 'Prev. qty', zh: '上期数量' },
  'columns.previousBucket': { en: 'Prev. period', zh: '上期时段' },
  'columns.method': { en: 'Payment method', zh: '支付方式' },
  'columns.paymentCount': { en: 'Payments', zh: '笔数' },
  'columns.amount': { en: 'Amount', zh: '金额' },
  'columns.refundCount': { en: 'Refunds', zh: '退款笔数' },
  'columns.net': { en: 'Net collected', zh: '净收款' },
  'columns.category': { en: 'Category', zh: '分类' },
  'columns.item': { en: 'Item', zh: '菜品' },
  'columns.quantity': { en: 'Qty', zh: '数量' },
  'columns.share': { en: 'Share', zh: '占比' },
  'columns.option': { en: 'Option', zh: '选项' },
  'columns.modifierGroup': { en: 'Modifier group', zh: '配料组' },
  'columns.discount': { en: 'Discount', zh: '折扣名称' },
  'columns.kind': { en: 'Type', zh: '类型' },
  'columns.timesUsed': { en: 'Times used', zh: '使用次数' },
  'columns.time': { en: 'Time', zh: '时间' },
  'columns.order': { en: 'Order', zh: '订单' },
  'columns.by': { en: 'By', zh: '操作人' },
  'columns.reason': { en: 'Reason', zh: '原因' },
  'columns.tax': { en: 'Tax', zh: '税项' },
  'columns.rate': { en: 'Rate', zh: '税率' },
  'columns.taxable': { en: 'Taxable sales', zh: '应税销售额' },

  'trends.bucket.hour': { en: 'Hour', zh: '小时' },
  'trends.bucket.day': { en: 'Day', zh: '日期' },
  'trends.bucket.week': { en: 'Week of', zh: '周起始日' },
  'trends.bucket.month': { en: 'Month', zh: '月份' },

  'channel.dineIn': { en: 'Dine-in', zh: '堂食' },
  'channel.toGo': { en: 'To go', zh: '外带' },
  'channel.kiosk': { en: 'Kiosk', zh: '自助点餐机' },
  'channel.delivery': { en: 'Delivery', zh: '外卖' },
  'method.cash': { en: 'Cash', zh: '现金' },
  'method.card': { en: 'Card', zh: '银行卡' },
  'method.giftCard': { en: 'Gift card', zh: '礼品卡' },
  'method.thirdParty': { en: 'Third party', zh: '第三方' },
  'method.other': { en: 'Other', zh: '其他' },
  // Card brands are trademarks: written as printed on the card in both languages (docs/decisions.md).
  'cardBrand.visa': { en: 'Visa', zh: 'Visa' },
  'cardBrand.mastercard': { en: 'Mastercard', zh: 'Mastercard' },
  'cardBrand.amex': { en: 'American Express', zh: 'American Express' },
  'cardBrand.discover': { en: 'Discover', zh: 'Discover' },
  'cardBrand.jcb': { en: 'JCB', zh: 'JCB' },
  'cardBrand.unionPay': { en: 'UnionPay', zh: 'UnionPay' },
  'cardBrand.dinersClub': { en: 'Diners Club', zh: 'Diners Club' },
  'cardBrand.other': { en: 'Other card', zh: '其他卡' },
  'discountKind.coupon': { en: 'Coupon', zh: '优惠券' },
  'discountKind.manual': { en: 'Manual', zh: '手动折扣' },
  'discountKind.promotion': { en: 'Promotion', zh: '促销活动' },
  'compVoid.comp': { en: 'Comp', zh: '赠送' },
  'compVoid.void': { en: 'Void', zh: '作废' },
  'payout.cash': { en: 'Cash payout', zh: '现金支出' },
  'payout.deposit': { en: 'Deposit', zh: '入账' },
  'taxes.unnamed': { en: 'Tax (no breakdown)', zh: '税费（无明细）' },

  // The report's section names, as its tabs and the route titles show them: a file is named after them.
  'sections.salesSummary': { en: 'Sales Summary', zh: '销售汇总' },
  'sections.salesTrends': { en: 'Sales Trends', zh: '销售趋势' },
  'sections.operation': { en: 'Operation', zh: '营运数据' },
  'sections.paymentMethods': { en: 'Payment Methods', zh: '支付方式' },
  'sections.itemSales': { en: 'Item & Category Sales', zh: '菜品与分类销售' },
  'sections.optionSales': { en: 'Option Sales', zh: '选项销售' },
  'sections.discount': { en: 'Discounts', zh: '折扣' },
  'sections.compsVoids': { en: 'Comps & Voids', zh: '赠送与作废' },
  'sections.taxes': { en: 'Taxes', zh: '税费' },
  'sections.payout': { en: 'Payout', zh: '结算' },
  'tables.itemSales': { en: 'Item sales', zh: '菜品销售' },
  'tables.categorySales': { en: 'Category sales', zh: '分类销售' },

  'file.transactions': { en: 'Transactions', zh: '交易记录' },
  'file.businessDay': { en: 'Business day', zh: '营业日' },
  'file.cardLast4': { en: 'Card last 4', zh: '卡号后四位' },
  'file.totalPayments': { en: 'Total payments ({{count}})', zh: '付款合计（{{count}} 笔）' },
  'file.totalRefunds': { en: 'Total refunds ({{count}})', zh: '退款合计（{{count}} 笔）' },
  'file.previousTotal': { en: 'Total (previous period)', zh: '合计（上一周期）' },
  'file.giftCardSales': {
    en: 'Gift card sales (liability, not in net sales)',
    zh: '礼品卡销售（负债，不计入净销售额）',
  },
  'file.totalComps': { en: 'Total comps', zh: '赠送合计' },
  'file.totalVoids': { en: 'Total voids', zh: '作废合计' },
  'file.totalCashPayouts': { en: 'Total cash payouts', zh: '现金支出合计' },
  'file.totalDeposits': { en: 'Total deposits', zh: '入账合计' },
  'file.payoutCount': { en: '{{count}} payouts', zh: '{{count}} 笔支出' },
  'file.depositCount': { en: '{{count}} deposits', zh: '{{count}} 笔入账' },
  'file.itemId': { en: 'Item id', zh: '菜品编号' },
  'file.cardBrand': { en: 'Card brand', zh: '卡组织' },
  // The screen heads both payment-method refund columns 'Refunds'; a file needs two distinct headers.
  'file.refundedCents': { en: 'Refunded', zh: '退款金额' },
  'file.previousOrders': { en: 'Prev. orders', zh: '上期订单数' },
  'file.previousGuests': { en: 'Prev. guests', zh: '上期客人数' },
  'file.figure': { en: 'Figure', zh: '指标' },
  'file.current': { en: 'Current period', zh: '本期' },
  'file.percent': { en: '{{name}} (%)', zh: '{{name}} (%)' },
  'file.money': { en: '{{name}} ($)', zh: '{{name}} ($)' },
  'file.minutes': { en: '{{name}} (minutes)', zh: '{{name}}（分钟）' },

  // The transactions list's words (web locales/<lang>/transactions.json without the prefix).
  'transactions.columns.time': { en: 'Time', zh: '时间' },
  'transactions.columns.kind': { en: 'Type', zh: '类型' },
  'transactions.columns.order': { en: 'Order', zh: '订单' },
  'transactions.columns.channel': { en: 'Channel', zh: '渠道' },
  'transactions.columns.method': { en: 'Method', zh: '支付方式' },
  'transactions.columns.server': { en: 'Server', zh: '服务员' },
  'transactions.columns.amount': { en: 'Amount', zh: '金额' },
  'transactions.columns.tip': { en: 'Tip', zh: '小费' },
  'transactions.columns.status': { en: 'Status', zh: '状态' },
  'transactions.columns.reason': { en: 'Reason', zh: '原因' },
  'transactions.columns.by': { en: 'By', zh: '操作人' },
  'transactions.kind.payment': { en: 'Payment', zh: '付款' },
  'transactions.kind.refund': { en: 'Refund', zh: '退款' },
  'transactions.status.completed': { en: 'Completed', zh: '已完成' },
  'transactions.status.partiallyRefunded': { en: 'Partly refunded', zh: '部分退款' },
  'transactions.status.refunded': { en: 'Refunded', zh: '已退款' },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;

export type TReportLabelKey = keyof typeof REPORT_LABELS;

/** The label in `lang`, with `{{name}}` placeholders filled in (the web's i18next syntax). */
export function reportLabel(key: TReportLabelKey, lang: TLang, values: Record<string, string | number> = {}): string {
  return REPORT_LABELS[key][lang].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * An enum value as the screen names it (`channel.dineIn` -> 'Dine-in' / '堂食'); a value this map does
 * not know yet (a newer POS) stays as sent rather than vanishing from the file.
 */
export function reportEnumLabel(
  group:
    | 'channel'
    | 'method'
    | 'cardBrand'
    | 'discountKind'
    | 'compVoid'
    | 'payout'
    | 'transactions.kind'
    | 'transactions.status',
  value: string,
  lang: TLang,
): string {
  const key = `${group}.${value}`;
  return key in REPORT_LABELS ? REPORT_LABELS[key as TReportLabelKey][lang] : value;
}
