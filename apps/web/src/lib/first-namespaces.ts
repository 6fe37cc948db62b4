/**
 * The translation namespaces (locales/<lang>/<ns>.json) loaded before the first render: what the
 * sign-in, password and crash pages and every page title need. They are one small chunk per language
 * (vite.config.ts). The signed-in frame's namespaces are a second chunk (FRAME_NAMESPACES), and every
 * other namespace a third, loaded with any other page that uses antd (lib/i18n.ts
 * `loadFrameNamespaces`, `loadAllNamespaces`; app/router.tsx). A new namespace file needs nothing
 * more: it joins the third chunk by itself.
 */
export const FIRST_NAMESPACES: readonly string[] = ['common', 'route', 'auth', 'login', 'errors'];

/**
 * What the signed-in frame (sidebar, navbar, tags, bell, lock screen, settings and search) and the
 * home page use beyond the first namespaces (issue 21): the home page, the first page after sign-in,
 * loads these and not the 20-odd others (about 25 KB on the wire). Checked by
 * app/frame-translations.test.tsx, which fails on any key the frame and home page ask for outside them.
 */
export const FRAME_NAMESPACES: readonly string[] = ['layout', 'agent', 'dashboard'];

/**
 * What the sales summary, the page most opened after the home page, uses beyond the frame's (issue 21):
 * it loads these and not the others (about 24 KB on the wire). Checked by
 * app/frame-translations.test.tsx like the frame's. The report's other sections load every namespace.
 */
export const REPORT_NAMESPACES: readonly string[] = ['reports', 'report-mail'];
