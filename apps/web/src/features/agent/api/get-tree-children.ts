import { queryOptions } from '@tanstack/react-query';
import { NODE_TREE_CODE, type TNode } from '@ra/shared/auth/auth.schemas';
import { post, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/**
 * The direct children of a node of the caller's tree (agents, teams, restaurants), from the same
 * endpoint as the top bar's restaurant tree (SPEC 7: the xid plus the fixed client code).
 */
export async function getTreeChildren(xid: string, opts?: TRequestOptions): Promise<TNode[]> {
  const res = await post<{ nodes: TNode[] }>(
    '/api/getChildrenNodeByXid',
    { xid, code: NODE_TREE_CODE },
    { silent: true, ...opts },
  );
  return res.nodes;
}

export const treeChildrenQueryOptions = (xid: string) =>
  queryOptions({
    queryKey: agentKeys.tree(xid),
    queryFn: ({ signal }) => getTreeChildren(xid, { signal }),
    staleTime: 60_000,
  });

/** What the tree shows for a node: the restaurant's name, or the agent's / team's name. */
export function treeNodeLabel(node: TNode): string {
  const p = node.properties;
  if (p.type === 'restaurant') return node.restfullname || p.restname || node.xid;
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.restname || node.xid;
}
