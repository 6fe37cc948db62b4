/**
 * The signed-in frame's and the home page's namespaces in this language (lib/first-namespaces.ts
 * FRAME_NAMESPACES; the list here is checked against it by lib/i18n-namespaces.test.ts).
 */
export default import.meta.glob<Record<string, string>>('./{layout,agent,dashboard}.json', {
  eager: true,
  import: 'default',
});
