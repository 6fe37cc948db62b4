import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { translateServerMessage } from '../../lib/server-message.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { isApiError } from '../../lib/request.ts';

/**
 * The forms check each field with the schema the server validates with (packages/shared/src/business),
 * so a field is refused in the browser with the server's words, in the user's language.
 */
export function issueFor(schema: z.ZodType, values: unknown, path: ReadonlyArray<string | number>): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const key = path.join('.');
  return result.error.issues.find((i) => i.path.join('.') === key)?.message;
}

export const tr = (message: string) => translateServerMessage(message, currentLanguage());

/** An antd rule that asks the shared schema about this field, given the whole form's values. */
export function schemaRule(schema: z.ZodType, path: ReadonlyArray<string | number>, values: () => unknown): Rule {
  return {
    validator: async () => {
      const problem = issueFor(schema, values(), path);
      if (problem) throw new Error(tr(problem));
    },
  };
}

/** A 400's per-field messages (the server's `errors`), translated. */
export function serverFieldErrors(error: unknown): Array<{ name: string[]; errors: string[] }> {
  if (!isApiError(error) || !error.errors) return [];
  return Object.entries(error.errors).map(([field, message]) => ({ name: field.split('.'), errors: [tr(message)] }));
}
