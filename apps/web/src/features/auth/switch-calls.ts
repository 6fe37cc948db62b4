/**
 * The sign-in calls a restaurant switch makes (session-actions.ts `switchRestaurant`), loaded when a
 * switch starts: they ride in the sign-in page's chunk, which a signed-in page would otherwise load on
 * every page load (issue 21). Only the two calls: a dynamic import keeps every export of the module it
 * names, and the API modules' query hooks would bring TanStack Query into the sign-in page.
 */
export { acquireToken } from './api/acquire-token.ts';
export { prelogin } from './api/prelogin.ts';
