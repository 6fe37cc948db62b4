import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type TSearchChange = (current: URLSearchParams) => URLSearchParams;

/**
 * A page's URL search with a setter that builds on the last search the page asked for, not on the
 * one its last render read. React Router's own setter (`useSearchParams`) hands its function the
 * search of the render the handler came from; the router updates the address at once but renders the
 * new search later, in a transition. Two filters chosen in quick succession on a busy phone would then
 * each start from the old search, and the second would undo the first: "Yesterday" then "Card" would
 * show today's card payments. Here the second change starts from the first's result until the router
 * has rendered a search of its own.
 */
export function useLatestSearch(): [
  URLSearchParams,
  (change: TSearchChange | URLSearchParams, options?: NavigateOptions) => void,
] {
  const [search, setSearch] = useSearchParams();
  // what the page last asked for, and the rendered search it was asked on
  const asked = useRef<{ on: URLSearchParams; next: URLSearchParams } | null>(null);
  const change = useCallback(
    (next: TSearchChange | URLSearchParams, options?: NavigateOptions) => {
      const base = asked.current?.on === search ? asked.current.next : search;
      const result = typeof next === 'function' ? next(new URLSearchParams(base)) : next;
      asked.current = { on: search, next: result };
      setSearch(result, options);
    },
    [search, setSearch],
  );
  return [search, change];
}
