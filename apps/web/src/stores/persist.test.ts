import { beforeEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { registerPersistedSlice, saveAll, STORE_KEY } from './persist.ts';
import { COOKIE_TOKEN, useSession } from './session.ts';
import { useTags } from './tags.ts';
import { useWorkHours } from './work-hours.ts';

describe('persisted store (SPEC 3: saved to sessionStorage "store" on unload, restored on load)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the saved slice of a store whose code has not loaded on this page', () => {
    sessionStorage.setItem(STORE_KEY, JSON.stringify({ layoutOnly: { opened: ['/workHours/index'] } }));
    saveAll();
    const saved = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Record<string, unknown>;
    expect(saved.layoutOnly).toEqual({ opened: ['/workHours/index'] });
    expect(saved).toHaveProperty('session');
  });

  it('round-trips the session, tags and work-hours slices', () => {
    Cookies.set(COOKIE_TOKEN, 'tok-1');
    useSession.setState({
      token: 'tok-1',
      restname: 'Golden Wok',
      roles: ['owner'],
      hourOffsetEndOfDay: 3,
      rootXid: 'agent-1',
    });
    useTags.setState({ visited: [{ path: '/dashboard', fullPath: '/dashboard', titleKey: 'dashboard', affix: true }] });
    useWorkHours.getState().setEditPermission(true);

    saveAll();
    const saved = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Record<string, Record<string, unknown>>;
    expect(saved.session?.restname).toBe('Golden Wok');
    // the token lives in its cookie only
    expect(saved.session).not.toHaveProperty('token');

    useSession.setState({ restname: '', roles: [], hourOffsetEndOfDay: 0, rootXid: '' });
    useTags.setState({ visited: [] });
    useWorkHours.getState().reset();

    // what a fresh page load does: each store registers and gets its saved slice back
    const restore = (name: string, store: { getState: () => unknown; setState: (v: never) => void }) =>
      registerPersistedSlice(name, { save: () => store.getState(), restore: (v) => store.setState(v as never) });
    restore('session', useSession as never);
    restore('tags', {
      getState: () => useTags.getState().visited,
      setState: (v: never) => useTags.setState({ visited: v }),
    });
    restore('workHours', useWorkHours as never);

    const session = useSession.getState();
    expect([session.restname, session.roles, session.hourOffsetEndOfDay, session.rootXid]).toEqual([
      'Golden Wok',
      ['owner'],
      3,
      'agent-1',
    ]);
    expect(useTags.getState().visited.map((t) => t.path)).toEqual(['/dashboard']);
    expect(useWorkHours.getState().editPermission).toBe(true);
  });

  it('restores nothing when the saved state is not valid JSON', () => {
    sessionStorage.setItem(STORE_KEY, '{not json');
    let restored = false;
    registerPersistedSlice('probe', { save: () => 1, restore: () => (restored = true) });
    expect(restored).toBe(false);
  });
});
