import { showErrorMessage, showSuccessMessage } from '../../lib/feedback.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { translateServerMessage } from '../../lib/server-message.ts';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';

/**
 * The page's messages through the app's static feedback (themed, loaded on first use). antd's
 * App.useApp() gives a silent stand-in where no <App> wraps the page, so nothing showed before.
 */
const loadMessage = () =>
  Promise.all([import('antd/es/message/index.js'), import('../../lib/static-feedback-theme.tsx')]).then(
    ([m, theme]) => {
      theme.applyStaticFeedbackTheme();
      return m.default;
    },
  );

/** A server message (English, SPEC wording) in the user's language. */
export const tr = (m: string) => translateServerMessage(m, currentLanguage());
/** One of this domain's messages in the user's language. */
export const says = (key: keyof typeof CUSTOMERS_MESSAGES, vars: Record<string, string | number> = {}) =>
  tr(CUSTOMERS_MESSAGES[key]!.en).replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

export const notifyInfo = (text: string) => void loadMessage().then((message) => message.info(text));
export const notifyWarning = (text: string) => void loadMessage().then((message) => message.warning(text));
export const notifySuccess = (text: string) => showSuccessMessage(text);
export const notifyError = (text: string) => showErrorMessage(text);
