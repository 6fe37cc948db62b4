import { useState } from 'react';
import type { TUsage } from '@ra/shared/menu/menu.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { getUsage, usageOf, type TUsageOf } from '../api/usage.ts';
import { menuErrorText, translateMenu } from '../menu-messages.ts';

interface TTarget {
  id: number;
  name: string;
}

/**
 * Delete with "used in" first (issue 8): asking opens the question with the list of places the entry
 * is used (fetched first), and confirming deletes with force. Menu groups are never "used".
 */
export function useDeleteFlow(
  kind: TUsageOf | null,
  remove: (args: { id: number; force: boolean }) => Promise<unknown>,
  onDeleted?: (id: number) => void,
) {
  const [target, setTarget] = useState<TTarget | null>(null);
  const [usedIn, setUsedIn] = useState<TUsage['usedIn']>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = async (next: TTarget) => {
    setError(null);
    setUsedIn([]);
    setTarget(next);
    if (!kind) return;
    try {
      setUsedIn((await getUsage(kind, next.id)).usedIn);
    } catch (e) {
      setError(menuErrorText(e));
    }
  };

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await remove({ id: target.id, force: true });
      showSuccessMessage(translateMenu('Deleted'));
      setTarget(null);
      onDeleted?.(target.id);
    } catch (e) {
      const used = usageOf(e);
      if (used) setUsedIn(used);
      setError(menuErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    dialog: {
      open: target !== null,
      name: target?.name ?? '',
      usedIn,
      deleting: busy,
      error,
      onConfirm: () => void confirm(),
      onCancel: () => setTarget(null),
    },
    ask: (next: TTarget) => void ask(next),
  };
}
