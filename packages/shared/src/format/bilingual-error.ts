import type { TLang } from '../errors.ts';

/**
 * An error whose wording exists in both product languages (SPEC 8 asks for Chinese and English
 * wording on the helper errors). `.message` stays English so logs and stack traces are readable
 * everywhere; the UI picks `messages[lang]`.
 */
export class BilingualError extends Error {
  override name = 'BilingualError';
  readonly messages: Readonly<Record<TLang, string>>;

  constructor(messages: Readonly<Record<TLang, string>>, options?: ErrorOptions) {
    super(messages.en, options);
    this.messages = messages;
  }
}
