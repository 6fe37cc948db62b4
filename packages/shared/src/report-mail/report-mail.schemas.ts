import { z } from 'zod';

export const REPORT_MAIL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const ZReportMailFrequency = z.enum(REPORT_MAIL_FREQUENCIES);
export type TReportMailFrequency = z.infer<typeof ZReportMailFrequency>;
export const ZReportMailLang = z.enum(['en', 'zh']);

/** One frequency of the signed-in person's emailed report of the selected restaurant. */
export const ZReportMailSubscription = z.object({
  frequency: ZReportMailFrequency,
  subscribed: z.boolean(),
  includeXlsx: z.boolean(),
  language: ZReportMailLang,
  /** When the next one goes out (ISO instant), null when not subscribed or the restaurant has no zone. */
  nextSendAt: z.string().nullable(),
  /** The period the next one covers ('YYYY-MM-DD'), null like nextSendAt. */
  nextPeriod: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type TReportMailSubscription = z.infer<typeof ZReportMailSubscription>;

export const ZReportMailSettings = z.object({
  email: z.string(),
  restaurant: z.string(),
  timeZone: z.string().nullable(),
  subscriptions: z.array(ZReportMailSubscription),
});
export type TReportMailSettings = z.infer<typeof ZReportMailSettings>;

export const ZReportMailUpdate = z.object({
  frequency: ZReportMailFrequency,
  subscribed: z.boolean(),
  includeXlsx: z.boolean().default(false),
  language: ZReportMailLang,
});
export type TReportMailUpdate = z.infer<typeof ZReportMailUpdate>;

export const ZReportMailPreviewQuery = z.object({ frequency: ZReportMailFrequency, lang: ZReportMailLang });

/** The email as it would go out for the last finished period (HTML body and subject). */
export const ZReportMailPreview = z.object({
  subject: z.string(),
  html: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
});
export type TReportMailPreview = z.infer<typeof ZReportMailPreview>;

export const ZReportMailSendNow = z.object({
  frequency: ZReportMailFrequency,
  lang: ZReportMailLang,
  includeXlsx: z.boolean().default(false),
});
export const ZReportMailSent = z.object({ to: z.string() });

/** The signed unsubscribe link of an email (RFC 8058 one-click: POSTed by the mail client). */
export const ZReportMailUnsubscribeQuery = z.object({
  s: z
    .string()
    .max(12)
    .regex(/^\d{1,10}$/),
  t: z
    .string()
    .max(64)
    .regex(/^[0-9a-f]{64}$/),
});
export const REPORT_MAIL_UNSUBSCRIBE_PATH = '/api/report-mail/unsubscribe';
