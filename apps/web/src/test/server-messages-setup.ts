// The app loads the message catalog with its signed-in pages (app/router.tsx); a component test
// renders those pages' parts directly, so it gets the catalog up front. A node-environment test has
// no browser storage for lib/i18n.ts to read, and shows no server message.
if (typeof window !== 'undefined') {
  const { loadServerMessages } = await import('../lib/server-message.ts');
  await loadServerMessages();
}

export {};
