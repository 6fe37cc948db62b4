import { afterAll, describe, expect, it } from 'vitest';
import { catalogKeyProblem } from './error-keys.ts';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ManualClock } from '../src/lib/clock.ts';
import { MESSAGES } from '@ra/shared/errors';
import { INVALID_CHARACTERS_MESSAGE } from '@ra/shared/validation/text';
import { DEMO_EMAILS } from '../src/demo/seed.ts';
import { SIGNIN_LIMITS } from '../src/modules/account/account.service.ts';
import { API_DOCS_PREFIX } from '../src/plugins/api-docs.ts';
import { createPerson, harbor, roleIdByName } from '../src/modules/team/team.test-support.ts';
import { createTestContext, signin } from './helper.ts';

/**
 * Malformed input is a 400 (or 401/403/404/409/413/415/429), never a 5xx. Every operation of the
 * OpenAPI document (so a route added later is fuzzed the moment it exists) gets requests generated
 * from its own schema with one thing broken at a time: wrong types, a missing required field, NUL
 * and lone-surrogate text, impossible dates, year 0, huge and negative numbers, very long strings,
 * arrays where a scalar belongs, deep nesting (to 100,000 levels), an empty or non-JSON body, multipart
 * bodies with a stray field or cut off mid-file (every write, documented body or not), every date of a
 * request at year 0 or 9999 at once, odd path ids and headers.
 * Restaurant routes run as Harbor Bistro's owner, agent-portal routes as the demo agent, admin routes
 * as platform staff, public ones without a token. A route that ends the session (sign-out) is followed by a fresh sign-in instead of being
 * skipped.
 *
 * Deterministic: which of the broken values each field gets is drawn from a seeded generator
 * (FUZZ_SEED to try another seed); the failure message lists each 5xx with its request.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_314);
/** FUZZ_ROUTES=signin,user narrows a local run to the operations whose path contains one of the words. */
const ONLY = process.env.FUZZ_ROUTES?.split(',').filter(Boolean);
/**
 * Broken values drawn per field, by the type the field expects, besides the NUL and lone-surrogate
 * text every text field gets and the date edges every date field gets. Fewer for booleans: a role has
 * dozens of flags that all fail the same way.
 */
const DRAWS_BY_TYPE: Record<string, number> = { string: 4, integer: 4, number: 4, boolean: 2, object: 3, array: 3 };
const QUERY_DRAWS = 6;

const ctx = await createTestContext();
afterAll(async () => {
  const slowest = stats.slowest.map((s) => `${s.ms} ms ${s.what}`).join('\n  ');
  console.info(
    `fuzz (seed ${SEED}): ${stats.requests} requests, ${stats.serverErrors} answered 5xx; slowest:\n  ${slowest}`,
  );
  await ctx.close();
});
const clock = ctx.config.clock as ManualClock;

// --- the document ----------------------------------------------------------------------------

interface TJsonSchema {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  nullable?: boolean;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
}

interface TParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: TJsonSchema;
}

interface TOperation {
  method: string;
  /** OpenAPI form, '/api/api/user/{id}'. */
  path: string;
  parameters: TParameter[];
  body?: TJsonSchema;
  access: string;
}

const docs = await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
const document = docs.json() as {
  paths: Record<string, Record<string, { parameters?: TParameter[]; requestBody?: unknown; 'x-access'?: unknown }>>;
};
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const operations: TOperation[] = Object.entries(document.paths)
  .flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => {
        const body = (op.requestBody as { content?: Record<string, { schema?: TJsonSchema }> } | undefined)?.content?.[
          'application/json'
        ]?.schema;
        return {
          method: method.toUpperCase(),
          path,
          parameters: op.parameters ?? [],
          body,
          access: (op['x-access'] as { kind?: string } | undefined)?.kind ?? 'public',
        };
      }),
  )
  .filter((op) => !ONLY || ONLY.some((word) => op.path.includes(word)))
  // Deletions last, so the records the other routes are pointed at still exist when they run.
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

// --- who calls, and what the requests point at -------------------------------------------------

const home = await harbor(ctx.db);
const target = await createPerson(ctx.db, home, {
  email: 'fuzz.target@demo.test',
  firstName: 'Fuzz',
  lastName: 'Target',
  roleName: 'Fuzz Role',
  pin: '73915',
});
const staffRoleId = await roleIdByName(ctx.db, home.id, 'Staff');
const orderRows = await ctx.db.execute(sql`select id from orders where restaurant_id = ${home.id} order by id limit 1`);
const orderId = Number((orderRows as unknown as { rows: Array<{ id: number }> }).rows[0]?.id ?? 1);

/** A path id of a record the route can find, so a broken body reaches the code behind the lookup. */
function idFor(path: string): number {
  if (/order/i.test(path)) return orderId;
  if (/role|perm/i.test(path)) return target.roleId;
  if (/user|employee/i.test(path)) return target.userId;
  return 1;
}

let nextEmail = 0;

/** Base values that pass the rules a JSON schema cannot express (real days, sane ranges, known ids). */
function hint(name: string, path: string): unknown {
  switch (name) {
    case 'from':
      return '2026-03-01';
    case 'to':
      return '2026-03-14';
    case 'month':
      return '2026-03';
    case 'email':
    case 'data':
      // A new address each time: failed sign-ins at one address slow every later attempt at it down.
      nextEmail += 1;
      return `fuzz.base.${nextEmail}@demo.test`;
    case 'oldPassword':
      // Blank, so only the cases that break this field reach the password check (each one a failure).
      return '';
    case 'roleIds':
      return [staffRoleId];
    case 'newPassword':
    case 'confirmPassword':
      return 'fuzz base password 1';
    case 'id':
    case 'orderId':
      return idFor(path);
    default:
      return undefined;
  }
}

let nextIp = 0;
/** Every request from its own address, so sign-in failures of one case do not rate-limit the next. */
const nextAddress = () => {
  nextIp += 1;
  return `10.77.${Math.floor(nextIp / 250) % 250}.${(nextIp % 250) + 1}`;
};

class Session {
  private token: string | undefined;
  constructor(
    private readonly email: string,
    private readonly restaurantXid?: string,
  ) {}

  async current(): Promise<string> {
    return (this.token ??= await this.signIn());
  }

  async renew(): Promise<string> {
    this.token = await this.signIn();
    return this.token;
  }

  private async signIn(): Promise<string> {
    // Wrong current passwords sent by earlier cases count against the account and would slow this
    // sign-in down: let their window pass first, as it would between a sign-out and the next day.
    if (this.token) clock.advance(SIGNIN_LIMITS.windowMs + 1000);
    const res = await signin(ctx.app, this.email);
    const token = (res.json() as { token?: string }).token;
    if (!token) throw new Error(`fuzz: sign-in as ${this.email} failed: ${res.statusCode} ${res.body}`);
    if (this.restaurantXid) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/account/swtichRestByXid',
        headers: { authorization: token },
        payload: { xid: this.restaurantXid },
      });
    }
    return token;
  }
}

const owner = new Session(DEMO_EMAILS.owner);
const admin = new Session(DEMO_EMAILS.admin, home.xid);
/** The agent portal's routes are open to any signed-in caller but answer only agents: they run as one. */
const agent = new Session(DEMO_EMAILS.agent);
const sessionFor = (op: TOperation) => {
  if (op.access === 'public') return undefined;
  if (op.access === 'admin') return admin;
  return op.path.startsWith('/api/api/agent/') ? agent : owner;
};

// --- generating values -----------------------------------------------------------------------

/** mulberry32: small, seedable, the same sequence on every machine. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function draw<T>(random: () => number, values: readonly T[], count: number): T[] {
  const pool = [...values];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

/** The first alternative of a union that is not null, with nullable and allOf folded in. */
function resolve(schema: TJsonSchema | undefined): TJsonSchema {
  if (!schema) return {};
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return resolve(options.find((o) => o.type !== 'null') ?? options[0]);
  if (schema.allOf) return resolve(Object.assign({}, ...schema.allOf.map(resolve)));
  return schema;
}

function typeOf(schema: TJsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** Strings tried in turn against a field's pattern when no hint names its value. */
const PATTERN_CANDIDATES = [
  '2026-03-10',
  '2026-03-10T12:00:00Z',
  '2026-03',
  '12:00',
  'fuzz.base@demo.test',
  '73916',
  '021000021',
  '02110',
  '(617) 555-0142',
  '4242',
  'a',
];

function sampleString(schema: TJsonSchema): string {
  if (schema.format === 'date-time') return '2026-03-10T12:00:00Z';
  if (schema.format === 'date') return '2026-03-10';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const match = PATTERN_CANDIDATES.find((c) => pattern.test(c));
    if (match) return match;
  }
  return 'fuzz'.padEnd(Math.max(schema.minLength ?? 1, 1), 'z').slice(0, Math.max(schema.maxLength ?? 4, 1));
}

function sampleNumber(schema: TJsonSchema): number {
  let low = schema.minimum ?? 1;
  if (schema.exclusiveMinimum === true) low += 1;
  if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + 1;
  return Math.min(Math.max(1, low), schema.maximum ?? Number.MAX_SAFE_INTEGER);
}

/** A value the schema accepts as far as JSON Schema can say: required properties only. */
function sample(raw: TJsonSchema | undefined, name: string, path: string, depth = 0): unknown {
  const schema = resolve(raw);
  const hinted = hint(name, path);
  if (hinted !== undefined) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'array':
      return depth > 8
        ? []
        : Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, name, path, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 8) return out;
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], key, path, depth + 1);
      return out;
    }
    default:
      return 'fuzz';
  }
}

type TPath = Array<string | number>;
interface TLeaf {
  path: TPath;
  schema: TJsonSchema;
  required: boolean;
}

/** Every field of a body, nested ones included (an array contributes its first element's fields). */
function leavesOf(raw: TJsonSchema, path: TPath = [], required = true, depth = 0): TLeaf[] {
  const schema = resolve(raw);
  const self: TLeaf[] = path.length > 0 ? [{ path, schema, required }] : [];
  if (depth > 6) return self;
  const type = typeOf(schema);
  if (type === 'object') {
    return [
      ...self,
      ...Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
        leavesOf(child, [...path, key], (schema.required ?? []).includes(key), depth + 1),
      ),
    ];
  }
  if (type === 'array' && schema.items) return [...self, ...leavesOf(schema.items, [...path, 0], true, depth + 1)];
  return self;
}

function childSchema(schema: TJsonSchema, key: string | number): TJsonSchema | undefined {
  const resolved = resolve(schema);
  return typeof key === 'number' ? resolved.items : resolved.properties?.[key];
}

/** A copy of `base` with the field at `path` set to `value` (or removed), creating what leads to it. */
function withField(base: unknown, rootSchema: TJsonSchema, path: TPath, value: unknown, op: TOperation): unknown {
  const root = structuredClone(base) as Record<string | number, unknown>;
  let node = root;
  let schema: TJsonSchema | undefined = rootSchema;
  for (const [index, key] of path.entries()) {
    schema = schema ? childSchema(schema, key) : undefined;
    if (index === path.length - 1) {
      if (value === MISSING) delete node[key];
      else node[key] = value;
      break;
    }
    if (node[key] === null || typeof node[key] !== 'object') node[key] = sample(schema, String(key), op.path, 1);
    if (Array.isArray(node[key]) && (node[key] as unknown[]).length === 0) {
      (node[key] as unknown[]).push(sample(schema ? childSchema(schema, 0) : undefined, String(key), op.path, 1));
    }
    node = node[key] as Record<string | number, unknown>;
  }
  return root;
}

const MISSING = Symbol('missing');

const deepObject = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
};

/** Text nobody can store or search: every text field gets both. */
const UNSTORABLE = { nul: 'Mei\u0000', loneSurrogate: 'Mei\ud800' } as const;

const BROKEN_STRINGS: Record<string, string> = {
  lowSurrogate: '\udc00x',
  empty: '',
  blank: '   ',
  long: 'x'.repeat(100_000),
  impossibleDay: '2024-02-30',
  yearZeroDay: '0000-01-01',
  yearZeroMonth: '0000-01',
  yearZeroInstant: '0000-01-01T00:00:00Z',
  farDay: '9999-12-31',
  farInstant: '9999-12-31T23:59:59Z',
  firstDay: '2000-01-01',
  lastDay: '2100-12-31',
  word: 'abc',
  negative: '-1',
  hugeDigits: '99999999999999999999',
  fraction: '1.5',
  overflowExponent: '1e400',
  sql: "' OR 1=1 --",
  percent: '%',
  proto: '__proto__',
  rightToLeft: '\u202eevil',
};

const BROKEN_VALUES: Record<string, unknown> = {
  ...BROKEN_STRINGS,
  minusOne: -1,
  zero: 0,
  half: 1.5,
  huge: 1e308,
  hugeNegative: -1e308,
  beyondSafe: 2 ** 53 + 2,
  beyondInt32: 2_147_483_648,
  belowInt32: -2_147_483_649,
  null: null,
  true: true,
  emptyArray: [],
  arrayOfText: ['a', 'b'],
  emptyObject: {},
  deepObject: deepObject(300),
};

/** A field whose valid value is a date also gets every date edge, not just a draw of them. */
const DATE_EDGES = [
  'impossibleDay',
  'yearZeroDay',
  'yearZeroMonth',
  'yearZeroInstant',
  'farDay',
  'firstDay',
  'lastDay',
];
const looksLikeDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}/.test(value);

/** Years no request may name: each date of a request at once gets these. */
const YEAR_EDGES = ['yearZeroDay', 'farDay'];

const WRITE_METHODS = ['POST', 'PUT', 'PATCH'];

/**
 * Bodies sent to every write: JSON nested deeper than any parser's recursion (100,000 levels, under
 * the 1 MB body limit), beside the shallower nesting the JSON-body cases try.
 */
const RAW_BODIES: Record<string, string> = {
  'arrays nested 100,000 deep': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  'objects nested 100,000 deep': `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
};

const MULTIPART_BOUNDARY = 'fuzzboundary';
const multipartFile = [
  `--${MULTIPART_BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="a.png"',
  'Content-Type: image/png',
  '',
  `\x89PNG\r\n\x1a\n${'x'.repeat(2000)}`,
].join('\r\n');
/** Multipart bodies: a text field and nothing else, and a file part whose body stops mid-way. */
const MULTIPART_BODIES: Record<string, string> = {
  'multipart with only a stray field': [
    `--${MULTIPART_BOUNDARY}`,
    'Content-Disposition: form-data; name="a"',
    '',
    '1',
    `--${MULTIPART_BOUNDARY}--`,
    '',
  ].join('\r\n'),
  'multipart cut off in the middle': multipartFile.slice(0, multipartFile.length - 1000),
};

/** Query values arrive as text, possibly repeated. */
const BROKEN_QUERY: Record<string, string | string[]> = {
  ...BROKEN_STRINGS,
  zero: '0',
  beyondSafe: '9007199254740993',
  beyondInt32: '2147483648',
  infinity: 'Infinity',
  notANumber: 'NaN',
  true: 'true',
  repeated: ['2026-03-01', '2026-03-02'],
};

/** Path segments as they appear in the URL (already percent-encoded where that matters). */
const BROKEN_PATH_PARAMS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '%00',
  '%ED%A0%80',
  '%',
  'x'.repeat(2000),
  '%20',
  'null',
];

// --- requests ---------------------------------------------------------------------------------

interface TCase {
  label: string;
  pathParams: Record<string, string>;
  query: Array<[string, string]>;
  /** Raw body text and its content type; undefined for none. */
  body?: { text: string; contentType: string };
  headers?: Record<string, string>;
  /** The case sends its own credential: a 401 is the expected answer, not a sign-in to renew. */
  ownCredential?: boolean;
}

/** Percent-encoding that also carries a lone surrogate (as its WTF-8 bytes), which encodeURIComponent refuses. */
function encode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

function urlOf(op: TOperation, c: TCase): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => c.pathParams[name] ?? '1');
  const query = c.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

function describeCase(op: TOperation, c: TCase): string {
  const body = c.body ? ` ${c.body.contentType} ${JSON.stringify(c.body.text.slice(0, 300))}` : '';
  const headers = c.headers ? ` headers ${JSON.stringify(c.headers).slice(0, 200)}` : '';
  return `${op.method} ${urlOf(op, c).slice(0, 300)}${body}${headers} [${c.label}]`;
}

function casesFor(op: TOperation): TCase[] {
  const random = generator(SEED ^ hashOf(`${op.method} ${op.path}`));
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema, p.name, op.path))]));
  const baseQuery: Array<[string, string]> = queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, String(sample(p.schema, p.name, op.path))]);
  // Sampled afresh for every case: some hints (sign-in emails) must differ from one case to the next.
  const baseBody = () => (op.body ? sample(op.body, '', op.path) : undefined);
  const json = (value: unknown) => ({ text: JSON.stringify(value), contentType: 'application/json' });
  const cases: TCase[] = [];
  const add = (label: string, change: Partial<TCase>) =>
    cases.push({
      label,
      pathParams: basePath,
      query: baseQuery,
      body: op.body ? json(baseBody()) : undefined,
      ...change,
    });

  for (const param of pathParams) {
    for (const value of BROKEN_PATH_PARAMS) {
      add(`path ${param.name}=${value.slice(0, 20)}`, { pathParams: { ...basePath, [param.name]: value } });
    }
  }

  for (const param of queryParams) {
    const others = baseQuery.filter(([name]) => name !== param.name);
    if (param.required) add(`query ${param.name} missing`, { query: others });
    const dates = looksLikeDate(sample(param.schema, param.name, op.path)) ? DATE_EDGES : [];
    const drawn = draw(random, Object.keys(BROKEN_QUERY), QUERY_DRAWS);
    const names = new Set([...Object.keys(UNSTORABLE), ...dates, ...drawn]);
    for (const name of names) {
      const value = (UNSTORABLE as Record<string, string>)[name] ?? BROKEN_QUERY[name]!;
      const values = Array.isArray(value) ? value : [value];
      add(`query ${param.name} ${name}`, {
        query: [...others, ...values.map((v): [string, string] => [param.name, v])],
      });
    }
  }
  add('query unknown parameter', { query: [...baseQuery, ['zzz', UNSTORABLE.nul]] });

  // Every date of the query at the same edge at once: a range from year 0 to year 0 passes any
  // "from before to" or "at most N days" rule that one broken end alone would trip.
  const dateParams = queryParams.filter((p) => looksLikeDate(sample(p.schema, p.name, op.path)));
  if (dateParams.length > 0) {
    for (const edge of YEAR_EDGES) {
      const others = baseQuery.filter(([name]) => !dateParams.some((p) => p.name === name));
      add(`query every date ${edge}`, {
        query: [...others, ...dateParams.map((p): [string, string] => [p.name, BROKEN_STRINGS[edge]!])],
      });
    }
  }

  // A write the document gives no JSON body (webhooks, multipart uploads) still gets the raw bodies.
  if (op.body || WRITE_METHODS.includes(op.method)) {
    for (const [label, text] of Object.entries(RAW_BODIES)) {
      add(`body ${label}`, { body: { text, contentType: 'application/json' } });
    }
    for (const [label, text] of Object.entries(MULTIPART_BODIES)) {
      add(`body ${label}`, { body: { text, contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` } });
    }
  }

  if (op.body) {
    add('no body', { body: undefined });
    add('empty body', { body: { text: '', contentType: 'application/json' } });
    for (const [label, text] of Object.entries({
      'not JSON': 'not json',
      'truncated JSON': '{"a":',
      'JSON null': 'null',
      'JSON array': '[]',
      'JSON string': '"text"',
      'JSON number': '123',
      'deep arrays': `${'['.repeat(5000)}${']'.repeat(5000)}`,
      'deep objects': `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      'escaped lone surrogate key': '{"\\ud800":1}',
      'prototype keys': '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      'byte order mark': `\ufeff${JSON.stringify(baseBody())}`,
      'over the size limit': JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
    })) {
      add(`body ${label}`, { body: { text, contentType: 'application/json' } });
    }
    add('body as text/plain', { body: { text: JSON.stringify(baseBody()), contentType: 'text/plain' } });
    add('body as a form', { body: { text: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' } });
    add('body in UTF-16', {
      body: { text: JSON.stringify(baseBody()), contentType: 'application/json; charset=utf-16' },
    });

    const dateLeaves = leavesOf(op.body).filter((leaf) =>
      looksLikeDate(sample(leaf.schema, String(leaf.path.at(-1)), op.path)),
    );
    if (dateLeaves.length > 1) {
      for (const edge of YEAR_EDGES) {
        let body = baseBody();
        for (const leaf of dateLeaves) body = withField(body, op.body, leaf.path, BROKEN_VALUES[edge], op);
        add(`body every date ${edge}`, { body: json(body) });
      }
    }

    for (const leaf of leavesOf(op.body)) {
      const at = leaf.path.join('.');
      if (leaf.required)
        add(`body ${at} missing`, { body: json(withField(baseBody(), op.body, leaf.path, MISSING, op)) });
      const type = typeOf(leaf.schema) ?? 'string';
      const text = type === 'string' ? Object.keys(UNSTORABLE) : [];
      const dates = looksLikeDate(sample(leaf.schema, String(leaf.path.at(-1)), op.path)) ? DATE_EDGES : [];
      const drawn = draw(random, Object.keys(BROKEN_VALUES), DRAWS_BY_TYPE[type] ?? 4);
      const names = new Set([...text, ...dates, ...drawn]);
      for (const name of names) {
        const value = (UNSTORABLE as Record<string, unknown>)[name] ?? BROKEN_VALUES[name];
        add(`body ${at} ${name}`, { body: json(withField(baseBody(), op.body, leaf.path, value, op)) });
      }
    }
  }

  if (op.access !== 'public') {
    add('a token that is not one', { headers: { authorization: `Bearer ${'a'.repeat(5000)}` }, ownCredential: true });
    add('a token of three empty parts', { headers: { authorization: 'Bearer ..' }, ownCredential: true });
  }
  add('odd forwarding and language headers', {
    headers: { 'x-forwarded-for': '999.999.999.999, ::zz', 'accept-language': 'xx-'.repeat(500) },
  });
  return cases;
}

function hashOf(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}

const stats = { requests: 0, serverErrors: 0, slowest: [] as Array<{ ms: number; what: string }> };

function noteTime(ms: number, what: () => string): void {
  if (stats.slowest.length >= 5 && ms <= stats.slowest.at(-1)!.ms) return;
  stats.slowest.push({ ms: Math.round(ms), what: what().slice(0, 160) });
  stats.slowest.sort((a, b) => b.ms - a.ms).splice(5);
}

async function send(op: TOperation, c: TCase): Promise<LightMyRequestResponse> {
  const session = sessionFor(op);
  const attempt = async (token: string | undefined) => {
    const headers: Record<string, string> = { ...(token ? { authorization: token } : {}), ...c.headers };
    if (c.body) headers['content-type'] = c.body.contentType;
    const options: InjectOptions = {
      method: op.method as InjectOptions['method'],
      url: urlOf(op, c),
      headers,
      remoteAddress: nextAddress(),
      ...(c.body ? { payload: c.body.text } : {}),
    };
    stats.requests += 1;
    return ctx.app.inject(options);
  };
  let res = await attempt(c.ownCredential ? undefined : await session?.current());
  // The previous case signed out or replaced the session: sign in again and repeat, rather than skip.
  if (res.statusCode === 401 && session && !c.ownCredential) res = await attempt(await session.renew());
  return res;
}

/**
 * An error answer is the product's `{ code, key, params?, message, errors?, fieldKeys? }`, never a
 * library's own shape; its key (and every field's) is an entry of the shared catalog with English and
 * Chinese text, so the browser can show it in either language.
 */
function errorBodyProblem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'error answer is not JSON';
  }
  const { code, message, errors } = body as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code !== 'number' || typeof message !== 'string' || message === '')
    return 'error answer lacks code/message';
  if (errors !== undefined && (typeof errors !== 'object' || errors === null)) return 'errors is not an object';
  const { key, fieldKeys } = body as { key?: unknown; fieldKeys?: Record<string, { key?: unknown }> };
  const missing = catalogKeyProblem(key);
  if (missing) return `error answer's key: ${missing}`;
  for (const [field, ref] of Object.entries(fieldKeys ?? {})) {
    const problem = catalogKeyProblem(ref.key);
    if (problem) return `fieldKeys.${field}: ${problem}`;
  }
  return undefined;
}

describe('a refused write changes nothing', () => {
  const auditRows = async () => {
    const result = await ctx.db.execute(
      sql`select count(*)::int as n from audit_log where target_type = 'user' and target_id = ${String(target.userId)}`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  };

  it.each([
    ['a lone surrogate', '{"firstName":"Mei\\ud800"}'],
    ['a NUL character', '{"firstName":"Mei\\u0000"}'],
  ])('keeps an employee’s name and writes no audit row when the new name has %s', async (_, payload) => {
    const token = await owner.current();
    const auditBefore = await auditRows();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/api/user/${target.userId}`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000, errors: { firstName: INVALID_CHARACTERS_MESSAGE } });
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/api/user/${target.userId}`,
      headers: { authorization: token },
    });
    expect(after.json()).toMatchObject({ firstName: 'Fuzz', lastName: 'Target' });
    expect(await auditRows()).toBe(auditBefore);
  });

  it('answers a path that is not valid percent-encoding with the product’s 400 body', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/api/user/%',
      headers: { authorization: await owner.current() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 40000, key: 'common.badRequest', message: MESSAGES.badRequest.en });
  });
});

describe('fuzzing every route of the OpenAPI document', () => {
  it.skipIf(ONLY)('finds the routes in the document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toContain('PUT /api/api/user/{id}');
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s answers malformed input without a 5xx',
    async (_, op) => {
      const problems: string[] = [];
      for (const c of casesFor(op)) {
        const started = performance.now();
        const res = await send(op, c);
        noteTime(performance.now() - started, () => describeCase(op, c));
        if (res.statusCode >= 500) {
          stats.serverErrors += 1;
          problems.push(`${res.statusCode} ${describeCase(op, c)} -> ${res.body.slice(0, 200)}`);
          continue;
        }
        const problem = errorBodyProblem(res);
        if (problem) problems.push(`${problem}: ${res.statusCode} ${describeCase(op, c)} -> ${res.body.slice(0, 200)}`);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
});
