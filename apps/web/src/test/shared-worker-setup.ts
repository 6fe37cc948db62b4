// Most test files share one worker and one page (vitest.config.ts, project "shared"): before each file,
// what an earlier file left in the page and in the app's module state is put back the way a fresh page
// has it, so a file passes or fails alone as it does after any other.
import type { StoreApi } from 'zustand';

// Only there: a file of the isolated project may mock a module these imports would load first.
if (process.env.RA_SHARED_WORKER === '1' && typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.replaceChildren();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  history.replaceState(null, '', '/');
  // every store of the app (the session's restaurant and its time zone, the tags, the settings) as
  // first created: each module of stores/ is read, so a store added there is reset too
  const modules = import.meta.glob<Record<string, unknown>>(['../stores/*.ts', '!../stores/*.test.ts']);
  for (const load of Object.values(modules)) {
    for (const value of Object.values(await load())) {
      const store = value as Partial<Pick<StoreApi<unknown>, 'setState' | 'getInitialState'>>;
      if (typeof store?.getInitialState === 'function' && typeof store.setState === 'function')
        store.setState(store.getInitialState(), true);
    }
  }
  // no answer an earlier file fetched is kept for this one
  (await import('../lib/query-client.ts')).queryClient.clear();
  // the language a file starts in is English, as a fresh browser without a saved choice shows
  const { i18n } = await import('../lib/i18n.ts');
  if (i18n.isInitialized && i18n.language !== 'en') await i18n.changeLanguage('en');
}

export {};
