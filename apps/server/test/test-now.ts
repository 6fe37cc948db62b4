/** The instant server tests run at unless a test sets its own clock (a Saturday evening in New York). */
export const TEST_NOW = '2026-03-14T19:30:00-04:00';
