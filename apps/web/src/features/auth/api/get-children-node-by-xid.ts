import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChildrenNodeResponse, TNode } from '@ra/shared/auth/auth.schemas';
import { post, type TRequestOptions } from '../../../lib/request.ts';

/**
 * SPEC 7: "xid plus a fixed client-side code value". Same value as NODE_TREE_CODE in
 * @ra/shared/auth/auth.schemas; not imported from there because that module brings zod into the
 * browser bundle for one string (a test checks the two stay equal).
 */
export const NODE_TREE_CODE = 'RA-NODE-TREE';

/** The children of a node in the agent/team/restaurant tree (SPEC 3 "Restaurant or node"). */
export async function getChildrenNodeByXid(xid: string, opts?: TRequestOptions): Promise<TNode[]> {
  const res = await post<TChildrenNodeResponse>('/api/getChildrenNodeByXid', { xid, code: NODE_TREE_CODE }, opts);
  return res.nodes;
}

export const childrenNodesQueryOptions = (xid: string) =>
  queryOptions({
    queryKey: ['auth', 'childrenNodes', xid],
    queryFn: ({ signal }) => getChildrenNodeByXid(xid, { signal }),
    enabled: xid !== '',
  });

export function useChildrenNodes(xid: string) {
  return useQuery(childrenNodesQueryOptions(xid));
}

/** What a tree shows for a node: the restaurant's name, or the agent's / team member's name. */
export function nodeLabel(node: TNode): string {
  const p = node.properties;
  if (p.type === 'restaurant') return node.restfullname || p.restname || node.xid;
  const person = [p.firstName, p.lastName].filter(Boolean).join(' ');
  return person || p.restname || node.xid;
}
