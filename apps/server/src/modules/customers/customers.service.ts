import type { TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import { CUSTOMER_COUNT_CAP, MAX_SELECTED } from '@ra/shared/customers/customers.schemas';
import type { Database } from '../../db/client.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { FieldError, forbidden, notFound } from '../../lib/errors.ts';
import { MESSAGES } from '@ra/shared/errors';
import { CustomersRepository, type TAudienceQuery } from './customers.repository.ts';

/** The route table gives /userList/index to owners, agents and admins (fixed set 1); so does the server. */
const LIST_ROLES = ['owner', 'agent', 'admin'];
export function requireListRole(auth: AuthContext): number {
  const restaurantId = requireRestaurantId(auth);
  if (!auth.isAdmin && !auth.roles.some((r) => LIST_ROLES.includes(r))) throw forbidden();
  return restaurantId;
}

/**
 * The customer list (issue 12): rebuilt per restaurant from its orders by `recompute` (the debounced
 * job queued after each ingestion), read with filters and server paging.
 */
export class CustomersService {
  private readonly repo: CustomersRepository;

  /** `db` is the app's database (the demo seed builds one over its own); the SQL is in CustomersRepository. */
  constructor(
    db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new CustomersRepository(db);
  }

  /**
   * Rebuilds the restaurant's customers from its orders: voided orders count for nothing; spent is the
   * total less refunds; points are floor(net sales less refunds in dollars) x the restaurant's points
   * per dollar, so a refund or a void takes points back. Customers whose every order is gone are dropped.
   */
  async recompute(restaurantId: number): Promise<void> {
    const changed = await this.repo.rebuild(restaurantId, this.clock.now());
    await this.refreshStatistics(changed);
  }

  /**
   * Embedded PGlite has no autovacuum, so nothing else gathers the planner's statistics on customers.
   * Without them it guesses a handful of matches for a filter and sorts them all instead of reading the
   * first page from the sort index: 428 ms against 0.4 ms for a filtered first page at 100,000 customers.
   * Same rule as autovacuum's on PostgreSQL (where this is mostly already done): never analyzed, or more
   * rows written than 50 + 10% of the table.
   */
  private async refreshStatistics(changed: number): Promise<void> {
    const rows = await this.repo.estimatedRows();
    if (rows < 0 || changed > 50 + 0.1 * rows) await this.repo.analyze();
  }

  /**
   * One page of the list: it reads pageSize + 1 rows to tell whether more follow, and does not count the
   * matches (see `count`), so the first page costs the same at 1,000 customers as at 100,000.
   */
  async list(auth: AuthContext, query: TCustomerFilter & { page: number; pageSize: number }) {
    const restaurantId = requireListRole(auth);
    const rows = await this.repo.page(
      restaurantId,
      query,
      this.clock.now(),
      query.pageSize + 1,
      (query.page - 1) * query.pageSize,
    );
    return {
      rows: rows.slice(0, query.pageSize),
      hasMore: rows.length > query.pageSize,
      page: query.page,
      pageSize: query.pageSize,
      computedAt: await this.repo.computedAt(restaurantId),
    };
  }

  /**
   * Customers (members) by name, any case, spaces collapsed; a name shared by several matches them all.
   * A name that matches no one is refused with SPEC 8's 'Member name does not exist. Please re-enter
   * the following', under `names.<index>` for each such name, so the page can list them to re-enter;
   * then nothing is selected.
   */
  async byNames(auth: AuthContext, names: string[]) {
    const restaurantId = requireListRole(auth);
    const normal = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
    const wanted = [...new Set(names.map(normal))];
    const rows = await this.repo.byNormalNames(restaurantId, wanted, MAX_SELECTED + 1);
    const found = new Set(rows.map((r) => normal(r.name)));
    const missing = names.flatMap((name, i) => (found.has(normal(name)) ? [] : [i]));
    if (missing.length > 0) {
      const error = new FieldError(`names.${missing[0]}`, MESSAGES.memberNotFound.en);
      for (const i of missing) error.errors[`names.${i}`] = MESSAGES.memberNotFound.en;
      throw error;
    }
    return { customers: rows };
  }

  /** Customers matching a filter, counted up to CUSTOMER_COUNT_CAP (the page asks for it beside the list). */
  async count(auth: AuthContext, filter: TCustomerFilter) {
    return this.countFor(requireListRole(auth), filter);
  }

  /** The same count for a restaurant the caller was already checked for (a saved segment's matches). */
  async countFor(restaurantId: number, filter: TCustomerFilter) {
    const counted = await this.repo.countUpTo(restaurantId, filter, this.clock.now(), CUSTOMER_COUNT_CAP);
    return { total: Math.min(counted, CUSTOMER_COUNT_CAP), totalCapped: counted > CUSTOMER_COUNT_CAP };
  }

  /** Customers of the caller's restaurant by id or by filter (first MAX_SELECTED + 1, to tell "too many"). */
  async audience(restaurantId: number, audience: TAudienceQuery) {
    return this.repo.audience(restaurantId, audience, this.clock.now(), MAX_SELECTED + 1);
  }

  async detail(auth: AuthContext, id: number) {
    const restaurantId = requireListRole(auth);
    const customer = await this.repo.customer(restaurantId, id);
    if (!customer) throw notFound();
    const orders = await this.repo.ordersOf(restaurantId, customer.phone);
    const optHistory = await this.repo.optHistory(customer.phone);
    return { customer, orders, optHistory };
  }

  async settings(auth: AuthContext) {
    const restaurantId = requireListRole(auth);
    return { pointsPerDollar: (await this.repo.pointsPerDollar(restaurantId)) ?? 1 };
  }

  async saveSettings(
    auth: AuthContext,
    pointsPerDollar: number,
    audit: (tx: Database, before: number) => Promise<void>,
  ) {
    const restaurantId = requireListRole(auth);
    await this.repo.transaction(async (repo, _audit, tx) => {
      const before = await repo.pointsPerDollar(restaurantId);
      await repo.savePointsPerDollar(restaurantId, pointsPerDollar);
      await audit(tx, before ?? 1);
    });
    return restaurantId;
  }
}
