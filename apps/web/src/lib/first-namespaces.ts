/**
 * The translation namespaces (locales/<lang>/<ns>.json) loaded before the first render: what the
 * sign-in, password and crash pages and every page title need. They are one small chunk per language
 * (vite.config.ts); every other namespace is a second chunk, loaded with the first signed-in page or
 * any page that uses antd (lib/i18n.ts `loadAllNamespaces`, app/router.tsx). A new namespace file
 * needs nothing more: it joins the second chunk by itself.
 */
export const FIRST_NAMESPACES: readonly string[] = ['common', 'route', 'auth', 'login', 'errors'];
