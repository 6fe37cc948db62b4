import type { TModifierGroup, TModifierGroupInput } from '@ra/shared/menu/menu.schemas';

export type TModifierGroupValues = Required<Omit<TModifierGroupInput, 'modifiers'>> & {
  modifiers: NonNullable<TModifierGroupInput['modifiers']>;
};

export function newModifierGroupValues(): TModifierGroupValues {
  return {
    name: '',
    foreignName: '',
    priceCents: 0,
    required: false,
    visible: true,
    autoPopup: false,
    minSelections: 0,
    maxSelections: 1,
    maxDifferent: null,
    freeSelections: 0,
    printers: [],
    modifiers: [{ name: '', foreignName: '', priceCents: 0, maxQuantity: null, childGroupId: null }],
    itemIds: [],
  };
}

export function modifierGroupValues(group: TModifierGroup): TModifierGroupValues {
  return {
    name: group.name,
    foreignName: group.foreignName,
    priceCents: group.priceCents,
    required: group.required,
    visible: group.visible,
    autoPopup: group.autoPopup,
    minSelections: group.minSelections,
    maxSelections: group.maxSelections,
    maxDifferent: group.maxDifferent,
    freeSelections: group.freeSelections,
    printers: [...group.printers],
    modifiers: group.modifiers.map((m) => ({
      id: m.id,
      name: m.name,
      foreignName: m.foreignName,
      priceCents: m.priceCents,
      maxQuantity: m.maxQuantity,
      childGroupId: m.childGroupId,
    })),
    itemIds: [...group.itemIds],
  };
}

/** Blank number boxes are "no limit" (null) where the schema allows it. */
export function toModifierGroupRequest(values: TModifierGroupValues): TModifierGroupInput {
  return {
    ...values,
    maxSelections: values.maxSelections ?? null,
    maxDifferent: values.maxDifferent ?? null,
    minSelections: values.minSelections ?? 0,
    freeSelections: values.freeSelections ?? 0,
    priceCents: values.priceCents ?? 0,
    modifiers: (values.modifiers ?? []).map((m) => ({
      ...m,
      maxQuantity: m.maxQuantity ?? null,
      childGroupId: m.childGroupId ?? null,
      priceCents: m.priceCents ?? (undefined as unknown as number),
    })),
  };
}

/**
 * The selection rule in words, for the list and the form ("Choose 6, at most 3 different, first 2
 * free"); `words` are the translated fragments.
 */
export function selectionRuleText(
  g: Pick<TModifierGroupValues, 'required' | 'minSelections' | 'maxSelections' | 'maxDifferent' | 'freeSelections'>,
  words: {
    exactly: (n: number) => string;
    upTo: (n: number) => string;
    between: (min: number, max: number) => string;
    atLeast: (n: number) => string;
    any: string;
    different: (n: number) => string;
    free: (n: number) => string;
    required: string;
    optional: string;
  },
): string {
  const min = g.minSelections ?? 0;
  const max = g.maxSelections ?? null;
  const parts: string[] = [g.required ? words.required : words.optional];
  if (max !== null && min === max) parts.push(words.exactly(max));
  else if (max !== null && min > 0) parts.push(words.between(min, max));
  else if (max !== null) parts.push(words.upTo(max));
  else if (min > 0) parts.push(words.atLeast(min));
  else parts.push(words.any);
  if (g.maxDifferent) parts.push(words.different(g.maxDifferent));
  if (g.freeSelections) parts.push(words.free(g.freeSelections));
  return parts.join(' · ');
}
