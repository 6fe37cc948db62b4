import type { TWagesResponse } from '@ra/shared/work-hours/work-hours.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { WorkHoursRepository } from './work-hours.repository.ts';
import { fullName, restaurantOf } from './work-hours.rules.ts';

/** Hourly wages per role and per employee (an employee's own wage wins over their role's). */
export class WagesService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly clock: Clock,
  ) {}

  async wages(auth: AuthContext): Promise<TWagesResponse> {
    const restaurantId = restaurantOf(auth);
    const [wages, roleRows, people, roleNames] = await Promise.all([
      this.repo.wages(restaurantId),
      this.repo.rolesOfRestaurant(restaurantId),
      this.repo.employees(restaurantId),
      this.repo.roleNamesByUser(restaurantId),
    ]);
    return {
      roles: roleRows.map((r) => ({
        roleId: r.id,
        name: r.name,
        hourlyCents: wages.find((w) => w.roleId === r.id)?.hourlyCents ?? null,
      })),
      employees: people
        .filter((p) => p.status === 'active')
        .map((p) => ({
          userId: p.id,
          xid: p.xid,
          name: fullName(p),
          roles: roleNames.get(p.id) ?? [],
          hourlyCents: wages.find((w) => w.userId === p.id)?.hourlyCents ?? null,
        })),
    };
  }

  async setWage(
    auth: AuthContext,
    input: { userId?: number; roleId?: number; hourlyCents: number | null },
    ip: string,
  ) {
    const restaurantId = restaurantOf(auth);
    if (input.userId !== undefined && !(await this.repo.employeesByIds(restaurantId, [input.userId])).length)
      throw notFound();
    if (
      input.roleId !== undefined &&
      !(await this.repo.rolesOfRestaurant(restaurantId)).some((r) => r.id === input.roleId)
    ) {
      throw notFound();
    }
    const before = (await this.repo.wages(restaurantId)).find((w) =>
      input.userId !== undefined ? w.userId === input.userId : w.roleId === input.roleId,
    );
    await this.repo.transaction(async (repo, audit) => {
      await repo.setWage(restaurantId, input, input.hourlyCents, this.clock.now());
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'workHours.wage.update',
        targetType: input.userId !== undefined ? 'user' : 'role',
        targetId: String(input.userId ?? input.roleId),
        details: { before: before?.hourlyCents ?? null, after: input.hourlyCents },
        ip,
        at: this.clock.now(),
      });
    });
    return this.wages(auth);
  }
}
