import { useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TNode } from '@ra/shared/auth/auth.schemas';
import { childrenNodesQueryOptions, nodeLabel } from '../../features/auth/api/get-children-node-by-xid.ts';
import { useRootXid } from '../../features/auth/hooks/use-root-xid.ts';
import { switchRestaurant } from '../../features/auth/session-actions.ts';
import { showErrorMessage } from '../../lib/feedback.ts';
import { confirmLeavingPage } from '../../lib/unsaved-changes.ts';
import { errorText } from '../../lib/request.ts';
import { useSession } from '../../stores/session.ts';
import { HOME_PATH } from './tags-actions.ts';

interface TTreeRow {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
  selectable: boolean;
}

/** Only a restaurant can be switched to; agents and teams are folders. */
const isRestaurant = (node: TNode): boolean => node.properties.type === 'restaurant';

/**
 * The xid of the picked node. rc-tree-select hands onSelect the node's raw value even with
 * labelInValue (its typing promises the labelled object), so both shapes are read.
 */
export function pickedXid(value: string | { value: string } | null | undefined): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : String(value.value);
}

function toRow(node: TNode, parent: string): TTreeRow {
  return {
    id: node.xid,
    pId: parent,
    value: node.xid,
    title: nodeLabel(node),
    isLeaf: node.isLeaf || !node.hasChildren,
    selectable: isRestaurant(node),
  };
}

/**
 * SPEC 2 top-bar restaurant tree (an agent or team member manages many restaurants). Loaded
 * lazily: the tree's first level is fetched when the user opens it, deeper levels on expand.
 */
export default function RestaurantSelector() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // the session normally holds it (sign-in); after a bare reload it comes from user info
  const { rootXid } = useRootXid();
  const restname = useSession((s) => s.restname);
  const setClickNode = useSession((s) => s.setClickNode);
  const [opened, setOpened] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [children, setChildren] = useState<Record<string, TNode[]>>({});

  const root = useQuery({ ...childrenNodesQueryOptions(rootXid), enabled: opened && rootXid !== '' });

  const { rows, nodes } = useMemo(() => {
    const byXid = new Map<string, TNode>();
    const out: TTreeRow[] = [];
    const add = (list: readonly TNode[], parent: string) => {
      for (const node of list) {
        if (byXid.has(node.xid)) continue;
        byXid.set(node.xid, node);
        out.push(toRow(node, parent));
      }
    };
    add(root.data ?? [], rootXid);
    for (const [parent, list] of Object.entries(children)) add(list, parent);
    return { rows: out, nodes: byXid };
  }, [root.data, children, rootXid]);

  const loadChildren = async (xid: string) => {
    const node = nodes.get(xid);
    if (node) setClickNode(node);
    if (children[xid]) return;
    try {
      const list = await queryClient.fetchQuery(childrenNodesQueryOptions(xid));
      setChildren((prev) => ({ ...prev, [xid]: list }));
    } catch (e) {
      showErrorMessage(errorText(e));
    }
  };

  const choose = (xid: string) => {
    const node = nodes.get(xid);
    if (!node || !isRestaurant(node)) return;
    // A form on screen with unsaved changes asks first, in the app's words (lib/unsaved-changes.ts).
    // The switch moves the session to the other restaurant before the page goes: left to the
    // browser's own leave-the-page question, Cancel kept the form on screen under the new restaurant's
    // token, and saving it would have written to that restaurant.
    confirmLeavingPage(() => void switchTo(node));
  };

  const switchTo = async (node: TNode) => {
    const xid = node.xid;
    setClickNode(node);
    setSwitching(true);
    try {
      // on success the app restarts on the chosen restaurant's dashboard (its open tabs are cleared,
      // and the page on screen may not exist there), or asks for its time zone
      await switchRestaurant(xid, { reloadTo: HOME_PATH });
    } catch (e) {
      showErrorMessage(errorText(e));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <TreeSelect<{ value: string; label: string }>
      className="ra-restaurant-select"
      aria-label={t('layout:restaurant.label')}
      labelInValue
      value={restname ? { value: '', label: restname } : undefined}
      placeholder={t('layout:restaurant.placeholder')}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: rootXid }}
      treeData={rows}
      treeExpandAction="click"
      loadData={(node) => loadChildren(String(node.value))}
      showSearch
      treeNodeFilterProp="title"
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { minWidth: 280, maxWidth: '90vw' } } }}
      loading={root.isFetching || switching}
      disabled={switching || rootXid === ''}
      status={root.isError ? 'error' : undefined}
      notFoundContent={
        root.isError
          ? errorText(root.error)
          : root.isFetching
            ? t('layout:restaurant.loading')
            : t('layout:restaurant.empty')
      }
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      onSelect={(value: string | { value: string }) => choose(pickedXid(value))}
    />
  );
}
