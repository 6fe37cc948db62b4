/**
 * SMS arithmetic shared by the composer (live counter and cost) and the server (what is charged and
 * sent). Encoding and parts come from `sms-segments-calculator` (Twilio's own counter), so GSM-7's
 * 160/153 and UCS-2's 70/67 characters per part, the GSM extended characters that count twice, and the
 * User Data Header of a split message are counted the way carriers bill them.
 */
import { SegmentedMessage } from 'sms-segments-calculator';
import { wallClockToInstant, zonedParts } from '../business-day/business-day.ts';
import { addDays, formatIsoDay } from '../business-day/calendar-day.ts';

export type TSmsLanguage = 'en' | 'zh';
export type TSmsEncoding = 'GSM-7' | 'UCS-2';

/** Appended to every marketing text and counted in its parts (carriers require an opt-out path). */
export const OPT_OUT_TEXT: Record<TSmsLanguage, string> = {
  en: 'Reply STOP to opt out',
  zh: '回复 STOP 退订',
};

/** A message longer than this many parts is refused: it costs too much and some handsets drop it. */
export const MAX_SMS_PARTS = 10;

export interface TSmsAnalysis {
  /** The text as sent: the body, a line break, and the opt-out text. */
  text: string;
  encoding: TSmsEncoding;
  /** Characters as the encoding counts them (a GSM extended character such as € counts twice). */
  characters: number;
  parts: number;
  /** Characters per part at this encoding and length: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perPart: number;
  /** The characters that forced UCS-2, each once, in the order they first appear. */
  forcedUcs2: string[];
  tooLong: boolean;
}

export function smsText(body: string, language: TSmsLanguage): string {
  return `${body.trimEnd()}\n${OPT_OUT_TEXT[language]}`;
}

export function analyzeSms(body: string, language: TSmsLanguage): TSmsAnalysis {
  const text = smsText(body, language);
  const message = new SegmentedMessage(text);
  const encoding: TSmsEncoding = message.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const parts = message.segmentsCount;
  const single = encoding === 'GSM-7' ? 160 : 70;
  const split = encoding === 'GSM-7' ? 153 : 67;
  return {
    text,
    encoding,
    characters: message.numberOfCharacters,
    parts,
    perPart: parts > 1 ? split : single,
    forcedUcs2: [...new Set(message.getNonGsmCharacters())],
    tooLong: parts > MAX_SMS_PARTS,
  };
}

export interface TSmsPricing {
  /** Price of one part in millionths of a dollar (7,900 = $0.0079): carriers price parts below a cent. */
  pricePerPartMicros: number;
  /** Tax on the messaging charge, in basis points (1,025 = 10.25%). */
  taxRateBasisPoints: number;
}

/** The platform's default when an admin has not set one (docs/decisions.md, "SMS pricing"). */
export const DEFAULT_SMS_PRICING: TSmsPricing = { pricePerPartMicros: 7_900, taxRateBasisPoints: 1_010 };

export interface TSmsCostLine {
  language: TSmsLanguage;
  parts: number;
  recipients: number;
  /** parts x recipients */
  billedParts: number;
  subtotalMicros: number;
}

export interface TSmsCost {
  lines: TSmsCostLine[];
  pricePerPartMicros: number;
  taxRateBasisPoints: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Half-up rounding of a non-negative amount of micro-dollars to cents. */
function microsToCents(micros: number): number {
  return Math.floor((micros + 5_000) / 10_000);
}

/**
 * Cost of a campaign: per variant, price per part x parts x recipients; the subtotal is rounded to
 * cents once (half up), then tax is the subtotal's rate, rounded half up. Rounding each line instead
 * would charge up to a cent per variant more than the parts cost.
 */
export function smsCost(
  variants: Array<{ language: TSmsLanguage; parts: number; recipients: number }>,
  pricing: TSmsPricing = DEFAULT_SMS_PRICING,
): TSmsCost {
  const lines = variants
    .filter((v) => v.recipients > 0)
    .map((v) => ({
      language: v.language,
      parts: v.parts,
      recipients: v.recipients,
      billedParts: v.parts * v.recipients,
      subtotalMicros: v.parts * v.recipients * pricing.pricePerPartMicros,
    }));
  const subtotalCents = microsToCents(lines.reduce((sum, l) => sum + l.subtotalMicros, 0));
  const taxCents = Math.floor((subtotalCents * pricing.taxRateBasisPoints + 5_000) / 10_000);
  return {
    lines,
    pricePerPartMicros: pricing.pricePerPartMicros,
    taxRateBasisPoints: pricing.taxRateBasisPoints,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
  };
}

/**
 * Inbound words that opt a number out of marketing texts (CTIA's list, as Twilio's default opt-out
 * handling reads it, and the Chinese 退订 / 取消订阅 / 停止), case and spaces ignored.
 */
export const OPT_OUT_KEYWORDS = [
  'STOP',
  'UNSUBSCRIBE',
  'END',
  'QUIT',
  'CANCEL',
  'OPTOUT',
  'REVOKE',
  'STOPALL',
  '退订',
  '取消订阅',
  '停止',
];
/** Inbound words that opt a number back in (Twilio's START, YES, UNSTOP, and 订阅 / 开始). */
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP', '订阅', '开始'];
/** Inbound words asking what the texts are and how to stop them (HELP, INFO, 帮助). */
export const HELP_KEYWORDS = ['HELP', 'INFO', '帮助'];

/** What an inbound text asks for: only a message that is exactly one keyword counts. */
export function classifyInboundSms(body: string): 'optOut' | 'optIn' | 'help' | null {
  const word = body
    .trim()
    .replace(/\s+/g, '')
    .replace(/[.!。！]+$/u, '')
    .toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(word)) return 'optOut';
  if (OPT_IN_KEYWORDS.includes(word)) return 'optIn';
  if (HELP_KEYWORDS.includes(word)) return 'help';
  return null;
}

/** Marketing texts go out between 8:00 and 21:00 in the restaurant's time zone, never outside. */
export const SENDING_WINDOW = { startHour: 8, endHour: 21 } as const;

/**
 * When a send started at `now` may begin: `now` inside the window, else the next 8:00 local time
 * (later today before 8:00, tomorrow after 21:00).
 */
export function nextSendingTime(now: Date, timeZone: string): { at: Date; waits: boolean } {
  const local = zonedParts(now, timeZone);
  if (local.hour >= SENDING_WINDOW.startHour && local.hour < SENDING_WINDOW.endHour) return { at: now, waits: false };
  const today = formatIsoDay({ year: local.year, month: local.month, day: local.day });
  const day = local.hour < SENDING_WINDOW.startHour ? today : addDays(today, 1);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { at: new Date(wallClockToInstant(year, month, date, SENDING_WINDOW.startHour, timeZone)), waits: true };
}

export type TCampaignStatus = 'pending' | 'approved' | 'rejected' | 'sent';

/** SPEC §4: Pending, then Approved or Rejected; Approved, then Sent via Send Now. Nothing else. */
const NEXT: Record<TCampaignStatus, readonly TCampaignStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['sent'],
  rejected: [],
  sent: [],
};

export function canMoveCampaign(from: TCampaignStatus, to: TCampaignStatus): boolean {
  return NEXT[from].includes(to);
}
