import { useState } from 'react';
import type { TNode } from '@ra/shared/auth/auth.schemas';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { switchRestaurant } from '../session-actions.ts';

/** Runs the restaurant switch for a tree node, tracking which node is busy and showing failures. */
export function useChooseRestaurant(reloadTo: string) {
  const [busyXid, setBusyXid] = useState<string | null>(null);
  async function choose(node: TNode): Promise<void> {
    setBusyXid(node.xid);
    try {
      await switchRestaurant(node.xid, { reloadTo });
    } catch (e) {
      showErrorMessage(errorText(e));
      setBusyXid(null);
    }
  }
  return { busyXid, choose };
}
