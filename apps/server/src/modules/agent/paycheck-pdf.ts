import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import { ERROR_CODES } from '@ra/shared/errors';
import type { TPaycheck } from '@ra/shared/agent/agent.schemas';
import type { TCommissionSegment } from '@ra/shared/agent/commission';
import { AppError } from '../../lib/errors.ts';

/** One line of a paycheck statement: a commission or a clawback, with how it was worked out. */
export interface TStatementLine {
  restaurant: string;
  kind: 'commission' | 'clawback';
  basis: string;
  baseCents: number;
  amountCents: number;
  reason: string | null;
  segments: TCommissionSegment[];
}

/** Debian's fonts-noto-cjk (installed on CI and the servers); a .ttc, so pdfkit needs the face's name. */
export const CJK_FONT = {
  path: process.env.CJK_FONT_PATH ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  family: process.env.CJK_FONT_FAMILY ?? 'NotoSansCJKsc-Regular',
};

const WORDS = {
  en: {
    title: 'Commission statement',
    agent: 'Agent',
    period: 'Pay period',
    status: 'Status',
    paidOn: 'Paid on',
    restaurant: 'Restaurant',
    basis: 'Basis',
    base: 'Base',
    amount: 'Amount',
    subscription: 'Subscription fee',
    cardVolume: 'Card volume',
    clawback: 'Reversal',
    earned: 'Earned this period',
    carriedIn: 'Carried in',
    netPay: 'Net pay',
    carriedOut: 'Carried to next period',
    due: 'Due',
    paid: 'Paid',
    carried: 'Carried over (below minimum payout)',
    none: 'No commission lines on this paycheck.',
    rate: 'rate',
  },
  zh: {
    title: '佣金对账单',
    agent: '代理',
    period: '结算周期',
    status: '状态',
    paidOn: '支付日期',
    restaurant: '餐厅',
    basis: '计算依据',
    base: '基数',
    amount: '金额',
    subscription: '订阅费',
    cardVolume: '刷卡交易额',
    clawback: '冲回',
    earned: '本期收入',
    carriedIn: '上期结转',
    netPay: '实付金额',
    carriedOut: '结转至下期',
    due: '待支付',
    paid: '已支付',
    carried: '已结转（低于最低支付金额）',
    none: '本工资单没有佣金明细。',
    rate: '比例',
  },
} as const;

export const money = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};
const percent = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * A paycheck statement as a PDF, in English or Chinese, the CJK font embedded (a subset, by pdfkit) so
 * it reads the same on any machine. Without the font a clear 500-class error names what is missing.
 */
export async function paycheckPdf(
  input: { agentName: string; paycheck: TPaycheck; lines: TStatementLine[] },
  lang: 'en' | 'zh',
): Promise<Buffer> {
  if (!existsSync(CJK_FONT.path))
    throw new AppError(503, ERROR_CODES.internal, AGENT_MESSAGES['agent.pdfFontMissing'].en);
  const w = WORDS[lang];
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `${w.title} ${input.paycheck.periodStart}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', CJK_FONT.path, CJK_FONT.family);
  doc.font('cjk');
  const p = input.paycheck;
  doc.fontSize(20).text(w.title);
  doc.moveDown(0.5).fontSize(11);
  doc.text(`${w.agent}: ${input.agentName}`);
  doc.text(`${w.period}: ${p.periodStart} – ${p.periodEnd}`);
  doc.text(`${w.status}: ${w[p.status]}`);
  if (p.paidOn) doc.text(`${w.paidOn}: ${p.paidOn}`);
  doc.moveDown();
  doc.fontSize(12).text(`${w.restaurant} · ${w.basis} · ${w.base} · ${w.amount}`);
  doc.fontSize(10);
  if (input.lines.length === 0) doc.text(w.none);
  for (const line of input.lines) {
    const basis =
      line.kind === 'clawback' ? `${w.clawback}: ${line.reason ?? ''}` : w[line.basis as 'subscription' | 'cardVolume'];
    doc.moveDown(0.3).text(`${line.restaurant} · ${basis} · ${money(line.baseCents)} · ${money(line.amountCents)}`);
    for (const s of line.segments) {
      doc.text(
        `    ${s.from} – ${s.to}: ${money(s.baseCents)} × ${percent(s.rateBps)} (${w.rate}) = ${money(s.amountCents)}`,
      );
    }
  }
  doc.moveDown().fontSize(12);
  doc.text(`${w.earned}: ${money(p.earnedCents)}`);
  doc.text(`${w.carriedIn}: ${money(p.carriedInCents)}`);
  doc.text(`${w.netPay}: ${money(p.netPayCents)}`);
  if (p.carriedOutCents !== 0) doc.text(`${w.carriedOut}: ${money(p.carriedOutCents)}`);
  doc.end();
  return done;
}
