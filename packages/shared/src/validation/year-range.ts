/**
 * The years a date in a request may name. Nothing this product records happened before 2000 (the
 * first POS exports it reads are from this century), and a bound far below 9999 keeps every date
 * arithmetic and PostgreSQL date type well inside its range: year 0 does not exist in PostgreSQL, and
 * a day in year 9999 plus a comparison period would overflow it.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
export const FIRST_DAY = `${FIRST_YEAR}-01-01`;
export const LAST_DAY = `${LAST_YEAR}-12-31`;
