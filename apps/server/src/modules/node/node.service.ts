import { NODE_TREE_CODE, type TNode } from '@ra/shared/auth/auth.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import { FieldError, forbidden } from '../../lib/errors.ts';
import type { NodeRepository } from './node.repository.ts';

/**
 * The agent / team / restaurant tree behind the restaurant selector (SPEC 2 "restaurant tree
 * selector", SPEC 6). A caller sees their own node and what lies below it, never a sibling's branch.
 */
export class NodeService {
  constructor(private readonly repo: NodeRepository) {}

  async childrenOf(auth: AuthContext, xid: string, code: string): Promise<{ nodes: TNode[] }> {
    // SPEC 7: the selector sends a fixed code with each call; anything else is not our client.
    if (code !== NODE_TREE_CODE) throw new FieldError('code', 'Unknown client code');
    const parent = await this.repo.findInSubtree(xid, auth.node.path);
    if (!parent) throw forbidden();
    const rows = await this.repo.children(parent.id);
    return {
      nodes: rows.map((row) => {
        const properties: TNode['properties'] = { type: row.type };
        if (row.restname !== null) properties.restname = row.restname;
        if (row.firstName !== null) properties.firstName = row.firstName;
        if (row.lastName !== null) properties.lastName = row.lastName;
        const node: TNode = {
          xid: row.xid,
          properties,
          isLeaf: row.type === 'restaurant',
          hasChildren: row.hasChildren,
        };
        if (row.type === 'restaurant')
          node.restfullname = row.restaurantFullname || row.restaurantName || row.restname || '';
        return node;
      }),
    };
  }

  /**
   * A restaurant the caller may switch to: its node must lie under the caller's node, and a team
   * member (issue 13) may switch only into the restaurants assigned to them.
   */
  findRestaurantFor(auth: AuthContext, xid: string) {
    return this.repo.findRestaurantInSubtree(xid, auth.node.path, auth.userId);
  }
}
