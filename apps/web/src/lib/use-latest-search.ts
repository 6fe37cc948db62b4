import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

type TSearchChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The last search a page asked for, and the address entry (`location.key`) it was asked on. One for
 * the app, as there is one address: the report's range (its frame) and its grouping (the section) are
 * set by different components and must build on each other.
 */
let asked: { key: string; next: URLSearchParams } | null = null;

/**
 * A page's URL search with a setter that builds on the last search the page asked for, not on the
 * one its last render read. React Router's own setter (`useSearchParams`) hands its function the
 * search of the render the handler came from; the router updates the address at once but renders the
 * new search later, in a transition. Two filters chosen in quick succession on a busy phone would then
 * each start from the old search, and the second would undo the first: "Yesterday" then "Card" would
 * show today's card payments. Here the second change starts from the first's result until the router
 * has rendered an address of its own.
 */
export function useLatestSearch(): [
  URLSearchParams,
  (change: TSearchChange | URLSearchParams, options?: NavigateOptions) => void,
] {
  const [search, setSearch] = useSearchParams();
  const { key } = useLocation();
  // once an address is rendered, what was asked on an earlier one is in it (or was replaced by Back)
  useEffect(() => {
    if (asked && asked.key !== key) asked = null;
  }, [key]);
  const change = useCallback(
    (next: TSearchChange | URLSearchParams, options?: NavigateOptions) => {
      const base = asked?.key === key ? asked.next : search;
      const result = typeof next === 'function' ? next(new URLSearchParams(base)) : next;
      asked = { key, next: result };
      setSearch(result, options);
    },
    [key, search, setSearch],
  );
  return [search, change];
}
