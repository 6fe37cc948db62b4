/**
 * Every string and array a request carries has a maximum (the API lint refuses unbounded
 * request strings and arrays): paths, in the request's JSON Schema, of those without one.
 */
export function unbounded(schema: unknown, path = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const found: string[] = [];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined)
    found.push(path);
  if (types.includes('array') && s.maxItems === undefined) found.push(path);
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties' && value && typeof value === 'object')
      for (const [name, sub] of Object.entries(value)) found.push(...unbounded(sub, `${path}.${name}`));
    else if (Array.isArray(value)) value.forEach((sub, i) => found.push(...unbounded(sub, `${path}.${key}[${i}]`)));
    else if (typeof value === 'object') found.push(...unbounded(value, `${path}.${key}`));
  }
  return found;
}
