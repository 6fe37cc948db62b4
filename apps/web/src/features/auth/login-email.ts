/**
 * SPEC 5 email rule for the sign-in pages, from the shared rules module, which imports no zod: the
 * first page checks an email without loading any schema.
 */
export { EMAIL_PATTERN as LOGIN_EMAIL_PATTERN } from '@ra/shared/validation/rules';
