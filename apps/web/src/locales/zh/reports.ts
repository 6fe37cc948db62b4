/**
 * The sales summary's namespaces in this language (lib/first-namespaces.ts REPORT_NAMESPACES; the list
 * here is checked against it by lib/i18n-namespaces.test.ts).
 */
export default import.meta.glob<Record<string, string>>('./{reports,report-mail}.json', {
  eager: true,
  import: 'default',
});
