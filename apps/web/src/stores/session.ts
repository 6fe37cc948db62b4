import { create } from 'zustand';
import Cookies from 'js-cookie';
import type { TLocales, TNode, TRestInfoConfig, TRestInfoResponse, TUserInfo } from '@ra/shared/auth/auth.schemas';
import {
  emptyOperationAuthorities,
  emptyPagePermissions,
  type TOperationAuthorities,
  type TPagePermissions,
} from '@ra/shared/permissions';
import { registerPersistedSlice } from './persist.ts';

/** SPEC 9 cookie names. */
export const COOKIE_TOKEN = 'Admin-Token';
export const COOKIE_ACCOUNT = 'currentAccount';
export const COOKIE_LEAF = 'isLeaf';
/**
 * The session cookies are never sent on a request another site starts (SameSite=Strict), and only
 * over https when the app is served over https, so a token cannot leak to a plain-http request.
 */
export function sessionCookieAttributes(protocol: string = window.location.protocol): Cookies.CookieAttributes {
  return { sameSite: 'strict', secure: protocol === 'https:', path: '/' };
}

function setCookie(name: string, value: string): void {
  Cookies.set(name, value, sessionCookieAttributes());
}

function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}

/** SPEC 4: the name of the restaurant or account being managed, removed on logout. */
export const CURRENT_NAME_KEY = 'currentName';

/** SPEC 3 "Session state". */
export interface TSessionData {
  token: string;
  name: string;
  restId: number | null;
  avatar: string;
  introduction: string;
  roles: string[];
  PagePermissions: TPagePermissions;
  operationAuthority: TOperationAuthorities;
  hourOffsetEndOfDay: number;
  locales: TLocales | null;
  clickNodeByExpand: TNode | null;
  loginAccount: string;
  currentAccount: string;
  loginAsLeaf: boolean;
  restname: string;
  xid: string;
  /** The tree node the account signed in at (agent node, or the restaurant for a leaf login). */
  rootXid: string;
  enableOrderToGoWithDateSelect: boolean;
  config: TRestInfoConfig | null;
}

interface TSessionActions {
  /** Login success: token plus login and current account (SPEC 4). */
  loginSucceeded: (token: string, account: string) => void;
  setToken: (token: string) => void;
  setLeaf: (isLeaf: boolean) => void;
  setXid: (xid: string) => void;
  /** User info loaded (SPEC 7 getUserInfo): xid, root node, avatar, introduction and the leaf flag. */
  setUserInfo: (info: TUserInfo) => void;
  setClickNode: (node: TNode | null) => void;
  setCurrentAccount: (account: string) => void;
  /** Restaurant info loaded (SPEC 1): roles, locales, permissions, name, id, day offset, config. */
  applyRestInfo: (info: TRestInfoResponse) => void;
  /** SPEC 4: the to-go-with-date flag can only be set to true. */
  enableOrderToGoWithDate: () => void;
  /** Failed route load or 401: forget the token and roles, keep nothing that grants access. */
  resetToken: () => void;
  /** Logout (SPEC 4): token, roles, cookies and the stored current name go. */
  logout: () => void;
}

/**
 * Whether restaurant info (roles, permissions) was fetched since this document loaded. The saved
 * session is restored on reload, but a role may have changed meanwhile: the guard fetches the info
 * again once per page load so the menu follows the role (not persisted, on purpose).
 */
export const restInfoState = { fresh: false };

export function tokenFromCookie(): string {
  return Cookies.get(COOKIE_TOKEN) ?? '';
}

const initial = (): TSessionData => ({
  token: tokenFromCookie(),
  name: '',
  restId: null,
  avatar: '',
  introduction: '',
  roles: [],
  PagePermissions: emptyPagePermissions(),
  operationAuthority: emptyOperationAuthorities(),
  hourOffsetEndOfDay: 0,
  locales: null,
  clickNodeByExpand: null,
  loginAccount: '',
  currentAccount: Cookies.get(COOKIE_ACCOUNT) ?? '',
  loginAsLeaf: Cookies.get(COOKIE_LEAF) === 'true',
  restname: '',
  xid: '',
  rootXid: '',
  enableOrderToGoWithDateSelect: false,
  config: null,
});

export const useSession = create<TSessionData & TSessionActions>()((set) => ({
  ...initial(),
  loginSucceeded: (token, account) => {
    setCookie(COOKIE_TOKEN, token);
    setCookie(COOKIE_ACCOUNT, account);
    set({ token, loginAccount: account, currentAccount: account });
  },
  setToken: (token) => {
    setCookie(COOKIE_TOKEN, token);
    set({ token });
  },
  setLeaf: (isLeaf) => {
    setCookie(COOKIE_LEAF, String(isLeaf));
    set({ loginAsLeaf: isLeaf });
  },
  setXid: (xid) => set({ xid }),
  setUserInfo: (info) => {
    setCookie(COOKIE_LEAF, String(info.isLeaf));
    set({
      xid: info.xid,
      rootXid: info.rootXid,
      avatar: info.avatar,
      introduction: info.introduction,
      loginAsLeaf: info.isLeaf,
    });
  },
  setClickNode: (clickNodeByExpand) => set({ clickNodeByExpand }),
  setCurrentAccount: (currentAccount) => {
    setCookie(COOKIE_ACCOUNT, currentAccount);
    set({ currentAccount });
  },
  applyRestInfo: (info) => {
    restInfoState.fresh = true;
    set((s) => ({
      roles: info.roles.length > 0 ? info.roles : ['User'],
      PagePermissions: info.PagePermissions,
      operationAuthority: info.operationAuthority,
      locales: info.locales,
      name: info.name,
      restname: info.restname,
      restId: info.id,
      hourOffsetEndOfDay: info.config.hourOffsetEndOfDay,
      config: info.config,
      enableOrderToGoWithDateSelect: s.enableOrderToGoWithDateSelect || info.config.enableOrderToGoWithDateSelect,
    }));
  },
  enableOrderToGoWithDate: () => set({ enableOrderToGoWithDateSelect: true }),
  resetToken: () => {
    removeCookie(COOKIE_TOKEN);
    set({ token: '', roles: [] });
  },
  logout: () => {
    removeCookie(COOKIE_TOKEN);
    removeCookie(COOKIE_ACCOUNT);
    removeCookie(COOKIE_LEAF);
    try {
      localStorage.removeItem(CURRENT_NAME_KEY);
    } catch {
      // storage disabled: nothing was stored
    }
    set({ ...initial(), token: '', currentAccount: '', loginAsLeaf: false });
  },
}));

registerPersistedSlice('session', {
  save: () => {
    const { token: _token, ...data } = useSession.getState();
    // functions are dropped by JSON; the token lives in its cookie only
    return data;
  },
  restore: (value) => {
    if (value && typeof value === 'object')
      useSession.setState({ ...(value as Partial<TSessionData>), token: tokenFromCookie() });
  },
});

/**
 * Resolves once this page load knows the session's restaurant info (roles, permissions, time zone):
 * at once when it does, else when the guard's call brings it (true) or the token goes (false). Route
 * loaders start a page's data with it (issue 21) without fetching the info a second time.
 */
export function whenRestInfoLoaded(): Promise<boolean> {
  const settled = (): boolean | undefined => {
    const s = useSession.getState();
    if (s.token === '') return false;
    return restInfoState.fresh && s.roles.length > 0 ? true : undefined;
  };
  return new Promise((resolve) => {
    const now = settled();
    if (now !== undefined) {
      resolve(now);
      return;
    }
    const stop = useSession.subscribe(() => {
      const next = settled();
      if (next === undefined) return;
      stop();
      resolve(next);
    });
  });
}
