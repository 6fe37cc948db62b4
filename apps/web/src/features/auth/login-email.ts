/**
 * SPEC 5 email rule, the same expression as EMAIL_PATTERN in @ra/shared/auth/auth.schemas. Kept here
 * for the login page because that module pulls zod into the first page's JavaScript; a test checks
 * the two stay identical.
 */
export const LOGIN_EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
