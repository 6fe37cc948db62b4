import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@ra/shared/errors';
import { NODE_TREE_CODE, ZChildrenNodeResponse, ZRestInfo, type TNode } from '@ra/shared/auth/auth.schemas';
import { nodes } from '../../db/schema/nodes.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { MORE_RESTAURANTS } from '../../demo/agent.seed.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let agent: ReturnType<typeof as>;
let owner: ReturnType<typeof as>;
let agentRootXid: string;

beforeAll(async () => {
  ctx = await createTestContext();
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  agentRootXid = (await agent({ method: 'GET', url: '/api/api/getUserInfo' })).json().rootXid;
});
afterAll(async () => {
  await ctx?.close();
});

const NO_PERMISSION = { code: 40300, key: 'common.noPermission', message: MESSAGES.noPermission.en };

async function children(caller: typeof agent, xid: string): Promise<TNode[]> {
  const res = await caller({
    method: 'POST',
    url: '/api/api/getChildrenNodeByXid',
    payload: { xid, code: NODE_TREE_CODE },
  });
  expect(res.statusCode).toBe(200);
  return ZChildrenNodeResponse.parse(res.json()).nodes;
}

const switchTo = (caller: typeof agent, xid: string) =>
  caller({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid, root_xid: agentRootXid } });

describe('an agent before choosing a restaurant', () => {
  it('gets 409 "Please select a restaurant first" from restaurant calls', async () => {
    const res = await agent({ method: 'GET', url: '/api/api/getrest' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 40901,
      key: 'common.restaurantNotSelected',
      message: 'Please select a restaurant first',
    });
  });
});

describe('getChildrenNodeByXid', () => {
  it('lists the team before the restaurants directly under the agent node', async () => {
    const list = await children(agent, agentRootXid);
    // The demo portfolio (agent.seed.ts) adds MORE_RESTAURANTS directly under the agent too.
    expect(list.map((n) => n.properties.type)).toEqual([
      'team',
      ...Array<string>(2 + MORE_RESTAURANTS.length).fill('restaurant'),
    ]);
    const [team, ...restaurantNodes] = list;
    expect(team).toMatchObject({
      isLeaf: false,
      hasChildren: true,
      properties: { firstName: 'East', lastName: 'Team' },
    });
    expect(restaurantNodes.map((n) => n.properties.restname).sort()).toEqual(
      ['Harbor Bistro', '金龙餐厅 Golden Dragon', ...MORE_RESTAURANTS.map((r) => r.name)].sort(),
    );
    for (const n of restaurantNodes) {
      expect(n).toMatchObject({ isLeaf: true, hasChildren: false });
      expect(n.restfullname).toBeTruthy();
    }
  });

  it('lists the restaurants under the team', async () => {
    const team = (await children(agent, agentRootXid))[0]!;
    const list = await children(agent, team.xid);
    expect(list.map((n) => n.properties.restname).sort()).toEqual(['Maple Street Diner', 'Sakura Ramen']);
  });

  it('refuses a node outside the caller’s tree, and an unknown one, the same way', async () => {
    const [otherRoot] = await ctx.db
      .insert(nodes)
      .values({ type: 'agent', firstName: 'Rival', lastName: 'Group', path: '', depth: 0 })
      .returning({ id: nodes.id, xid: nodes.xid });
    await ctx.db
      .update(nodes)
      .set({ path: `/${otherRoot!.id}/` })
      .where(eq(nodes.id, otherRoot!.id));
    for (const xid of [otherRoot!.xid, 'N999999999']) {
      const res = await agent({
        method: 'POST',
        url: '/api/api/getChildrenNodeByXid',
        payload: { xid, code: NODE_TREE_CODE },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NO_PERMISSION);
    }
  });

  it('lets a restaurant user ask only for their own node', async () => {
    const ownXid = (await owner({ method: 'GET', url: '/api/api/getUserInfo' })).json().rootXid;
    expect(await children(owner, ownXid)).toEqual([]);
    const res = await owner({
      method: 'POST',
      url: '/api/api/getChildrenNodeByXid',
      payload: { xid: agentRootXid, code: NODE_TREE_CODE },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a call without the client code', async () => {
    const res = await agent({
      method: 'POST',
      url: '/api/api/getChildrenNodeByXid',
      payload: { xid: agentRootXid, code: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('code');
  });
});

describe('swtichRestByXid', () => {
  it('selects a restaurant in the agent’s tree; getrest then answers with the agent role and every permission', async () => {
    const harbor = (await children(agent, agentRootXid)).find((n) => n.properties.restname === 'Harbor Bistro')!;
    const res = await switchTo(agent, harbor.xid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, restId: expect.any(Number) });

    const info = ZRestInfo.parse((await agent({ method: 'GET', url: '/api/api/getrest' })).json());
    expect(info).toMatchObject({ xid: harbor.xid, id: res.json().restId, name: 'Harbor Bistro', roles: ['agent'] });
    expect(Object.values(info.PagePermissions).every(Boolean)).toBe(true);
    expect(Object.values(info.operationAuthority).every(Boolean)).toBe(true);
  });

  it('keeps the selection for tokens acquired afterwards (same session)', async () => {
    const token = (await agent({ method: 'POST', url: '/api/account/acquireToken', payload: {} })).json()
      .token as string;
    const info = (await as(ctx.app, token)({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.name).toBe('Harbor Bistro');
  });

  it('reaches a restaurant under the team; one without a time zone shows Unknown and lets the agent set it', async () => {
    const team = (await children(agent, agentRootXid))[0]!;
    const sakura = (await children(agent, team.xid)).find((n) => n.properties.restname === 'Sakura Ramen')!;
    expect((await switchTo(agent, sakura.xid)).statusCode).toBe(200);

    const info = (await agent({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.locales).toMatchObject({ timeZone: 'Unknown', GMT: 'GMT+00:00' });
    const tz = await agent({ method: 'POST', url: '/api/api/getRestConfig', payload: { name: 'timezone' } });
    expect(tz.json()).toEqual({ name: 'timezone', value: null });

    const set = await agent({
      method: 'POST',
      url: '/api/api/updateRestConfig',
      payload: { name: 'timezone', value: 'America/New_York' },
    });
    expect(set.statusCode).toBe(200);
    expect((await agent({ method: 'GET', url: '/api/api/getrest' })).json().locales.timeZone).toBe('America/New_York');
  });

  it('refuses a node that is not a restaurant, or not in the tree', async () => {
    const team = (await children(agent, agentRootXid))[0]!;
    for (const xid of [team.xid, agentRootXid, 'N999999999']) {
      const res = await switchTo(agent, xid);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NO_PERMISSION);
    }
  });

  it('refuses a restaurant user switching to another restaurant but accepts their own', async () => {
    const dragon = (await children(agent, agentRootXid)).find((n) => n.properties.restname?.includes('Golden Dragon'))!;
    expect((await switchTo(owner, dragon.xid)).statusCode).toBe(403);
    const ownXid = (await owner({ method: 'GET', url: '/api/api/getUserInfo' })).json().rootXid;
    expect((await switchTo(owner, ownXid)).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: '/api/api/getrest' })).json().name).toBe('Harbor Bistro');
  });

  it('drops the selection if the restaurant is moved out of the agent’s tree', async () => {
    const fresh = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
    const dragon = (await children(fresh, agentRootXid)).find((n) => n.properties.restname?.includes('Golden Dragon'))!;
    expect((await switchTo(fresh, dragon.xid)).statusCode).toBe(200);
    const [row] = await ctx.db.select({ path: nodes.path }).from(nodes).where(eq(nodes.xid, dragon.xid));
    await ctx.db
      .update(nodes)
      .set({ path: `/0${row!.path}` })
      .where(eq(nodes.xid, dragon.xid));
    try {
      expect((await fresh({ method: 'GET', url: '/api/api/getrest' })).statusCode).toBe(409);
    } finally {
      await ctx.db.update(nodes).set({ path: row!.path }).where(eq(nodes.xid, dragon.xid));
    }
  });
});
