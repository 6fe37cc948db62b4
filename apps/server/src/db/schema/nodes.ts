import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const NODE_TYPES = ['agent', 'team', 'restaurant'] as const;
export type TNodeType = (typeof NODE_TYPES)[number];

/** Public ids ('N100001') start at six digits so they never look like the internal row ids. */
export const nodeXidSeq = pgSequence('node_xid_seq', { startWith: 100001 });

/**
 * The agent / team / restaurant tree (SPEC 3 "Restaurant or node", SPEC 6 "Agent/team-member login
 * picks a restaurant from a tree"). `path` is the materialized chain of ids from the root, e.g.
 * '/1/4/9/', so "is node X under node Y" is one indexed prefix match: x.path LIKE y.path || '%'.
 */
export const nodes = pgTable(
  'nodes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    xid: text()
      .notNull()
      .unique()
      .default(sql`('N' || nextval('node_xid_seq'))`),
    parentId: integer(),
    type: text().$type<TNodeType>().notNull(),
    firstName: text(),
    lastName: text(),
    /** Short restaurant name shown in the tree; only restaurant nodes have one. */
    restname: text(),
    path: text().notNull(),
    depth: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('restrict'),
    index('nodes_parent_id_idx').on(t.parentId),
    // text_pattern_ops lets LIKE 'prefix%' use the index whatever the database collation is.
    index('nodes_path_idx').on(t.path.op('text_pattern_ops')),
    check('nodes_type_check', sql`${t.type} in ('agent', 'team', 'restaurant')`),
    check('nodes_restname_check', sql`${t.type} <> 'restaurant' or ${t.restname} is not null`),
    check('nodes_root_check', sql`(${t.parentId} is null) = (${t.depth} = 0)`),
  ],
);
