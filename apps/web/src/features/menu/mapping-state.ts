import type { TMappingRequest, TMappingResponse, TMenuChannel, TPrefixRule } from '@ra/shared/menu/menu.schemas';

/** One channel's layout as the page edits it: categories in order, each with its items in order. */
export interface TMappingDraft {
  categories: {
    categoryId: number;
    name: string;
    foreignName: string;
    visible: boolean;
    items: TMappingResponse['categories'][number]['items'];
  }[];
  prefixRules: TPrefixRule[];
}

export function draftOf(mapping: TMappingResponse): TMappingDraft {
  return {
    categories: mapping.categories.map((c) => ({ ...c, items: [...c.items] })),
    prefixRules: mapping.prefixRules.map((r) => ({ ...r })),
  };
}

/** The whole layout to PUT: every category in order with its own items (not those placed by a prefix rule). */
export function mappingRequestOf(channel: TMenuChannel, draft: TMappingDraft): TMappingRequest {
  return {
    channel,
    categories: draft.categories.map((c) => ({
      categoryId: c.categoryId,
      visible: c.visible,
      itemIds: c.items.filter((i) => !i.byPrefix).map((i) => i.id),
    })),
    prefixRules: draft.prefixRules.map((r) => ({ prefix: r.prefix.trim(), categoryId: r.categoryId })),
  };
}

/** Moves ids into the given order; ids not named keep their place after the named ones. */
export function reorderBy<T>(
  list: readonly T[],
  ids: readonly (number | string)[],
  idOf: (x: T) => number | string,
): T[] {
  const byId = new Map(list.map((x) => [idOf(x), x]));
  const named = ids.map((id) => byId.get(id)).filter((x): x is T => x !== undefined);
  const rest = list.filter((x) => !ids.includes(idOf(x)));
  return [...named, ...rest];
}

/** The prefix rule that places an item_id, the longest matching prefix winning (docs/api/menu.md). */
export function ruleFor(itemId: string, rules: readonly TPrefixRule[]): TPrefixRule | undefined {
  return rules
    .filter((r) => r.prefix.trim() !== '' && itemId.startsWith(r.prefix.trim()))
    .sort((a, b) => b.prefix.trim().length - a.prefix.trim().length)[0];
}
