import { COUPONS_MESSAGES, couponsMessage, type TCouponsMessageKey } from '@ra/shared/coupons/coupons.messages';
import type { TLang } from '@ra/shared/errors';
import { currentLanguage } from '../../lib/i18n.ts';
import { errorText, isApiError } from '../../lib/request.ts';
import { translateServerMessage } from '../../lib/server-message.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** English templates as patterns, so "Spend $10.00 more …" is found with its values. */
const PATTERNS = (Object.keys(COUPONS_MESSAGES) as TCouponsMessageKey[]).map((key) => {
  const names: string[] = [];
  const source = escape(COUPONS_MESSAGES[key].en).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** A coupon message the server sent in English, in the user's language (with its values). */
export function translateCouponMessage(english: string, lang: TLang = currentLanguage()): string {
  for (const { key, names, pattern } of PATTERNS) {
    const m = pattern.exec(english);
    if (m) return couponsMessage(key, lang, Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? ''])));
  }
  return translateServerMessage(english, lang);
}

export function couponErrorText(error: unknown): string {
  return isApiError(error) ? translateCouponMessage(error.message) : errorText(error);
}

/** A reason the server gave as a key (simulator verdicts). */
export function reasonText(
  reason: { key: string; params: Record<string, string | number> },
  lang: TLang = currentLanguage(),
) {
  return reason.key in COUPONS_MESSAGES
    ? couponsMessage(reason.key as TCouponsMessageKey, lang, reason.params)
    : reason.key;
}

/** A 400's field errors keyed by form field, translated. */
export function couponFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.errors) return {};
  return Object.fromEntries(
    Object.entries(error.errors).map(([path, message]) => [
      path.split('.')[0] ?? path,
      translateCouponMessage(message),
    ]),
  );
}
