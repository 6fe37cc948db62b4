/**
 * The business domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts). None yet.
 */
export const BUSINESS_MESSAGES: Record<string, { en: string; zh: string }> = {};
