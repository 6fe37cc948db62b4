/**
 * The agent domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts). None yet.
 */
export const AGENT_MESSAGES: Record<string, { en: string; zh: string }> = {};
