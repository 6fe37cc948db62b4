import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatCents, formatCount } from '@ra/shared/format/locale-format';
import type { TReportMailFrequency } from '@ra/shared/report-mail/report-mail.schemas';
import { tableToXlsx, type TExportTable } from '../../lib/exports/table-export.ts';
import type { TEmailAttachment } from '../../adapters/email/email-sender.ts';
import type { TPeriod } from './report-mail.periods.ts';

type TLang = 'en' | 'zh';

/** The figures of one period (sums of the daily rollup). */
export interface TMailFigures {
  netSalesCents: number;
  orders: number;
  guests: number;
  averageCheckCents: number;
  discountCents: number;
  refundCents: number;
  tipCents: number;
}

export interface TMailReport {
  restaurant: string;
  timeZone: string;
  frequency: TReportMailFrequency;
  period: TPeriod;
  previousPeriod: TPeriod;
  current: TMailFigures;
  previous: TMailFigures;
}

/** Debian's fonts-noto-cjk (as the agent's paycheck PDF); a .ttc, so pdfkit needs the face's name. */
const CJK_FONT = {
  path: process.env.CJK_FONT_PATH ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  family: process.env.CJK_FONT_FAMILY ?? 'NotoSansCJKsc-Regular',
};

export const MAIL_WORDS = {
  en: {
    daily: 'Daily sales report',
    weekly: 'Weekly sales report',
    monthly: 'Monthly sales report',
    figure: 'Figure',
    current: 'This period',
    previous: 'Previous period',
    change: 'Change',
    netSalesCents: 'Net sales',
    orders: 'Orders',
    guests: 'Guests',
    averageCheckCents: 'Average check',
    discountCents: 'Discounts',
    refundCents: 'Refunds',
    tipCents: 'Tips',
    comparedWith: 'Compared with',
    times: 'Business days in',
    unsubscribe: 'Unsubscribe from this report',
    why: 'You receive this because you subscribed to it in Restaurant Admin.',
    attached: 'The same report is attached as a PDF.',
  },
  zh: {
    daily: '每日销售报表',
    weekly: '每周销售报表',
    monthly: '每月销售报表',
    figure: '指标',
    current: '本期',
    previous: '上期',
    change: '变化',
    netSalesCents: '净销售额',
    orders: '订单数',
    guests: '客人数',
    averageCheckCents: '平均客单价',
    discountCents: '折扣',
    refundCents: '退款',
    tipCents: '小费',
    comparedWith: '对比',
    times: '营业日时区',
    unsubscribe: '退订此报表',
    why: '您收到此邮件是因为您在餐厅管理后台订阅了此报表。',
    attached: '同一报表的 PDF 版本见附件。',
  },
} as const;

const FIGURES: Array<{ key: keyof TMailFigures; money: boolean }> = [
  { key: 'netSalesCents', money: true },
  { key: 'orders', money: false },
  { key: 'guests', money: false },
  { key: 'averageCheckCents', money: true },
  { key: 'discountCents', money: true },
  { key: 'refundCents', money: true },
  { key: 'tipCents', money: true },
];

function value(v: number, money: boolean, lang: TLang): string {
  return money ? formatCents(v, lang) : formatCount(v, lang);
}

/** '+12.5%', '−3.0%', or '—' when there is nothing to compare with. */
export function change(current: number, previous: number): string {
  if (previous === 0) return '—';
  const pct = ((current - previous) / Math.abs(previous)) * 100;
  return `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
}

function periodLabel(p: TPeriod): string {
  return p.from === p.to ? p.from : `${p.from} – ${p.to}`;
}

export function subjectOf(report: TMailReport, lang: TLang): string {
  return `${report.restaurant} · ${MAIL_WORDS[lang][report.frequency]} · ${periodLabel(report.period)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The email body: one narrow column of cards that reads on a phone; tables only where they fit. */
export function htmlOf(report: TMailReport, lang: TLang, unsubscribeUrl: string | null): string {
  const w = MAIL_WORDS[lang];
  const rows = FIGURES.map(({ key, money }) => {
    const c = report.current[key];
    const p = report.previous[key];
    const delta = change(c, p);
    const tone = delta.startsWith('+') ? '#237804' : delta.startsWith('−') ? '#a8071a' : '#666';
    return `<tr>
<td style="padding:10px 8px;border-bottom:1px solid #eee;color:#333">${escapeHtml(w[key])}</td>
<td style="padding:10px 8px;border-bottom:1px solid #eee;text-align:right;font-weight:600;color:#111">${escapeHtml(value(c, money, lang))}</td>
<td style="padding:10px 8px;border-bottom:1px solid #eee;text-align:right;color:#666;font-size:13px">${escapeHtml(value(p, money, lang))}<br><span style="color:${tone}">${delta}</span></td>
</tr>`;
  }).join('\n');
  const footer = unsubscribeUrl
    ? `<p style="margin:16px 0 0;font-size:12px;color:#888">${escapeHtml(w.why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#888">${escapeHtml(w.unsubscribe)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(subjectOf(report, lang))}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">
<div style="max-width:560px;margin:0 auto;padding:16px">
<div style="background:#fff;border-radius:8px;padding:16px">
<h1 style="margin:0 0 4px;font-size:20px;color:#111">${escapeHtml(report.restaurant)}</h1>
<p style="margin:0 0 4px;font-size:15px;color:#333">${escapeHtml(w[report.frequency])} · ${escapeHtml(periodLabel(report.period))}</p>
<p style="margin:0 0 12px;font-size:13px;color:#666">${escapeHtml(w.comparedWith)} ${escapeHtml(periodLabel(report.previousPeriod))} · ${escapeHtml(w.times)} ${escapeHtml(report.timeZone)}</p>
<p style="margin:0 0 4px;font-size:13px;color:#666">${escapeHtml(w.netSalesCents)}</p>
<p style="margin:0 0 12px;font-size:30px;font-weight:700;color:#111">${escapeHtml(formatCents(report.current.netSalesCents, lang))} <span style="font-size:15px;font-weight:400;color:#666">${change(report.current.netSalesCents, report.previous.netSalesCents)}</span></p>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px">
<tr><th style="text-align:left;padding:6px 8px;color:#888;font-weight:400;font-size:12px">${escapeHtml(w.figure)}</th><th style="text-align:right;padding:6px 8px;color:#888;font-weight:400;font-size:12px">${escapeHtml(w.current)}</th><th style="text-align:right;padding:6px 8px;color:#888;font-weight:400;font-size:12px">${escapeHtml(w.previous)}</th></tr>
${rows}
</table>
<p style="margin:12px 0 0;font-size:12px;color:#888">${escapeHtml(w.attached)}</p>
</div>
${footer}
</div></body></html>`;
}

export function textOf(report: TMailReport, lang: TLang, unsubscribeUrl: string | null): string {
  const w = MAIL_WORDS[lang];
  const lines = [
    subjectOf(report, lang),
    `${w.comparedWith} ${periodLabel(report.previousPeriod)} (${report.timeZone})`,
    '',
    ...FIGURES.map(
      ({ key, money }) =>
        `${w[key]}: ${value(report.current[key], money, lang)} (${w.previous} ${value(report.previous[key], money, lang)}, ${change(report.current[key], report.previous[key])})`,
    ),
  ];
  if (unsubscribeUrl) lines.push('', `${w.unsubscribe}: ${unsubscribeUrl}`);
  return lines.join('\n');
}

/** The same summary as a PDF, with a CJK font (Chinese text and restaurant names). */
export function pdfOf(report: TMailReport, lang: TLang): Promise<Buffer> {
  const w = MAIL_WORDS[lang];
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: subjectOf(report, lang) } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (existsSync(CJK_FONT.path)) doc.font(CJK_FONT.path, CJK_FONT.family);
    doc.fontSize(18).text(report.restaurant);
    doc.fontSize(12).text(`${w[report.frequency]} · ${periodLabel(report.period)}`);
    doc
      .fontSize(10)
      .fillColor('#666')
      .text(`${w.comparedWith} ${periodLabel(report.previousPeriod)} · ${w.times} ${report.timeZone}`);
    doc.moveDown();
    const cols = [48, 250, 370, 480];
    const header = [w.figure, w.current, w.previous, w.change];
    let y = doc.y;
    doc.fillColor('#888').fontSize(10);
    header.forEach((h, i) => doc.text(h, cols[i]!, y, { width: i === 0 ? 190 : 100 }));
    y += 22;
    doc.fillColor('#111').fontSize(12);
    for (const { key, money } of FIGURES) {
      const cells = [
        w[key],
        value(report.current[key], money, lang),
        value(report.previous[key], money, lang),
        change(report.current[key], report.previous[key]),
      ];
      cells.forEach((c, i) => doc.text(c, cols[i]!, y, { width: i === 0 ? 190 : 100 }));
      y += 22;
    }
    doc.end();
  });
}

/** The optional spreadsheet: one row per figure with both periods (money as currency cells). */
export function xlsxOf(report: TMailReport, lang: TLang): Promise<Buffer> {
  const w = MAIL_WORDS[lang];
  const table: TExportTable = {
    columns: [
      { header: w.figure, kind: 'text' },
      { header: `${w.current} ${periodLabel(report.period)}`, kind: 'number' },
      { header: `${w.previous} ${periodLabel(report.previousPeriod)}`, kind: 'number' },
    ],
    rows: FIGURES.map(({ key, money }) => [
      w[key],
      money ? report.current[key] / 100 : report.current[key],
      money ? report.previous[key] / 100 : report.previous[key],
    ]),
  };
  return tableToXlsx(table, w[report.frequency].slice(0, 31));
}

export async function attachmentsOf(
  report: TMailReport,
  lang: TLang,
  includeXlsx: boolean,
): Promise<TEmailAttachment[]> {
  const base = `${report.restaurant}-${report.frequency}-${report.period.from}`.replace(/[^\p{L}\p{N}._-]+/gu, '-');
  const attachments: TEmailAttachment[] = [
    { filename: `${base}.pdf`, contentType: 'application/pdf', content: await pdfOf(report, lang) },
  ];
  if (includeXlsx)
    attachments.push({
      filename: `${base}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: await xlsxOf(report, lang),
    });
  return attachments;
}
