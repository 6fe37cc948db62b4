import { MESSAGES, type TLang } from '@ra/shared/errors';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { MEDIA_MESSAGES } from '@ra/shared/media/media.messages';
import { MENU_MESSAGES } from '@ra/shared/menu/menu.messages';
import { BUSINESS_MESSAGES } from '@ra/shared/business/business.messages';
import { DEVICES_MESSAGES } from '@ra/shared/devices/devices.messages';
import { DELIVERY_MESSAGES } from '@ra/shared/delivery/delivery.messages';
import { COUPONS_MESSAGES } from '@ra/shared/coupons/coupons.messages';
import { GIFTCARDS_MESSAGES } from '@ra/shared/giftcards/giftcards.messages';
import { WORK_HOURS_MESSAGES } from '@ra/shared/work-hours/work-hours.messages';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';

const byEnglish = new Map<string, { en: string; zh: string }>(
  [
    ...Object.values(MESSAGES),
    ...Object.values(VALIDATION_MESSAGES),
    // each domain's own (packages/shared/src/<domain>/<domain>.messages.ts)
    ...Object.values(MEDIA_MESSAGES),
    ...Object.values(MENU_MESSAGES),
    ...Object.values(BUSINESS_MESSAGES),
    ...Object.values(DEVICES_MESSAGES),
    ...Object.values(DELIVERY_MESSAGES),
    ...Object.values(COUPONS_MESSAGES),
    ...Object.values(GIFTCARDS_MESSAGES),
    ...Object.values(WORK_HOURS_MESSAGES),
    ...Object.values(AGENT_MESSAGES),
    ...Object.values(CUSTOMERS_MESSAGES),
  ].map((entry) => [entry.en, entry]),
);

/**
 * The server answers in English with the SPEC's wording (packages/shared/src/errors.ts) and the shared
 * validation messages (packages/shared/src/validation/messages.ts); shown in the user's language when
 * the text is one of those, else as sent.
 */
export function translateServerMessage(message: string, lang: TLang): string {
  return byEnglish.get(message)?.[lang] ?? message;
}
