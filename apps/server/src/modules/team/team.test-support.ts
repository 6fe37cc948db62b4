/**
 * Test fixtures for team and authorization tests (not used by the app): a second restaurant's owner,
 * and people holding a role with exactly the flags a test needs.
 */
import { and, eq } from 'drizzle-orm';
import { emptyRoleFlags, type TRoleFlag, type TRoleFlags } from '@ra/shared/permissions';
import type { Database } from '../../db/client.ts';
import { nodes } from '../../db/schema/nodes.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../demo/seed.ts';
import { hashPassword } from '../../lib/passwords.ts';

let cachedHash: Promise<string> | undefined;
const demoHash = () => (cachedHash ??= hashPassword(DEMO_PASSWORD));

export async function restaurantByName(
  db: Database,
  name: string,
): Promise<{ id: number; nodeId: number; xid: string }> {
  const [row] = await db
    .select({ id: restaurants.id, nodeId: restaurants.nodeId, xid: nodes.xid })
    .from(restaurants)
    .innerJoin(nodes, eq(nodes.id, restaurants.nodeId))
    .where(eq(restaurants.name, name));
  if (!row) throw new Error(`no restaurant ${name}`);
  return row;
}

/** Harbor Bistro: where every demo restaurant account works. */
export async function harbor(db: Database) {
  const [owner] = await db
    .select({ restaurantId: users.restaurantId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.owner));
  const [row] = await db
    .select({ id: restaurants.id, nodeId: restaurants.nodeId, xid: nodes.xid, name: restaurants.name })
    .from(restaurants)
    .innerJoin(nodes, eq(nodes.id, restaurants.nodeId))
    .where(eq(restaurants.id, owner!.restaurantId!));
  return row!;
}

export async function roleIdByName(db: Database, restaurantId: number, name: string): Promise<number> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.restaurantId, restaurantId), eq(roles.name, name)));
  if (!row) throw new Error(`no role ${name} at ${restaurantId}`);
  return row.id;
}

export async function userIdByEmail(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export function flagsWith(...on: TRoleFlag[]): TRoleFlags {
  const flags = emptyRoleFlags();
  for (const flag of on) flags[flag] = true;
  return flags;
}

/**
 * A dashboard user at the restaurant holding one new role with exactly `flags` (or the named existing
 * role), password DEMO_PASSWORD.
 */
export async function createPerson(
  db: Database,
  restaurant: { id: number; nodeId: number },
  values: {
    email: string;
    firstName?: string;
    lastName?: string;
    pin?: string | null;
    flags?: TRoleFlags;
    roleName?: string;
    existingRole?: string;
  },
): Promise<{ userId: number; roleId: number }> {
  let roleId: number;
  if (values.existingRole) {
    roleId = await roleIdByName(db, restaurant.id, values.existingRole);
  } else {
    const [role] = await db
      .insert(roles)
      .values({
        restaurantId: restaurant.id,
        name: values.roleName ?? `Role for ${values.email}`,
        flags: values.flags ?? emptyRoleFlags(),
      })
      .returning({ id: roles.id });
    roleId = role!.id;
  }
  const [user] = await db
    .insert(users)
    .values({
      email: values.email,
      passwordHash: await demoHash(),
      firstName: values.firstName ?? 'Test',
      lastName: values.lastName ?? 'Person',
      pin: values.pin ?? null,
      restaurantId: restaurant.id,
      nodeId: restaurant.nodeId,
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user!.id, roleId, restaurantId: restaurant.id });
  return { userId: user!.id, roleId };
}
