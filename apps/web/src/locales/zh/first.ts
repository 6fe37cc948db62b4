/**
 * The namespaces loaded before the first render in this language (lib/first-namespaces.ts; the list
 * here is checked against it by lib/i18n-namespaces.test.ts): one dynamic import in lib/i18n.ts instead
 * of one per file, so the entry does not carry a loader and a list of scripts for every file (issue 21).
 */
export default import.meta.glob<Record<string, string>>('./{common,route,auth,login,errors}.json', {
  eager: true,
  import: 'default',
});
