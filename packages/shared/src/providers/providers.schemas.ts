import { z } from 'zod';

/**
 * The admin panel's provider status (issue 20): which provider each adapter uses and whether it
 * answers right now. Never a secret: names, a yes/no and a short reason.
 */
export const ZProviderCheck = z.object({
  /** 'local' for the built-in stand-in, else the provider's name ('twilio', 'stripe', 'smtp', 's3'). */
  provider: z.string(),
  ok: z.boolean(),
  /** 'answered', 'answered 401', 'unreachable: …', 'local stand-in'. */
  detail: z.string(),
});
export type TProviderCheck = z.infer<typeof ZProviderCheck>;

export const ZProviderStatus = z.object({
  sms: ZProviderCheck,
  payments: ZProviderCheck,
  bank: ZProviderCheck,
  email: ZProviderCheck,
  storage: ZProviderCheck,
  /** The delivery platforms' marketplace APIs (UBER_EATS_*, DOORDASH_*), else the local simulator. */
  ubereats: ZProviderCheck,
  doordash: ZProviderCheck,
  /**
   * The key sealing per-restaurant secrets (SECRETS_KEY, else derived from the JWT secret): detail names
   * its fingerprint (first 8 hex of its SHA-256, never the key) and any previous key still read.
   */
  secrets: ZProviderCheck,
  /** The webhook paths to register with each provider, under the public address. */
  webhooks: z.array(z.object({ provider: z.string(), path: z.string(), events: z.string() })),
  checkedAt: z.string(),
});
export type TProviderStatus = z.infer<typeof ZProviderStatus>;

export const ZStripeWebhookAnswer = z.object({ received: z.boolean() });
