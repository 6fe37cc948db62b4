import { ZOkResponse } from '@ra/shared/auth/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDeleteRoleRequest,
  ZEmployee,
  ZEmployeeCreateRequest,
  ZEmployeeGetQuery,
  ZEmployeeListQuery,
  ZEmployeeListResponse,
  ZEmployeeUpdateRequest,
  ZHistoryQuery,
  ZHistoryResponse,
  ZIdParam,
  ZRole,
  ZRoleListResponse,
  ZRoleUpsertRequest,
} from '@ra/shared/team/team.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import type { EmployeeService } from './employee.service.ts';
import type { RoleService } from './role.service.ts';

/** SPEC 2 /teamManagement is the editAccounts page; every call behind it needs the same flag. */
const EDIT_ACCOUNTS: TRouteAccess = { kind: 'page', permission: 'editAccounts' };

/** SPEC 7 /api/getrestperm, /api/updaterestperm, /api/user, /api/user/{id}; contract in docs/api/team.md. */
export function teamRoutes(roles: RoleService, employees: EmployeeService): FastifyPluginAsyncZod {
  return async (app) => {
    // --- roles ---------------------------------------------------------------------------------

    app.get('/api/api/getrestperm', {
      schema: {
        tags: ['team'],
        summary: 'The restaurant’s roles with their permission flags and member counts',
        response: { 200: ZRoleListResponse },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => roles.list(authOf(request)),
    });

    app.post('/api/api/updaterestperm', {
      schema: {
        tags: ['team'],
        summary: 'Create a role (no id) or replace a role’s name and flags (with id)',
        description:
          'fullAccess true stores every flag true. 400 { errors.name: "Role name already exists" } for a ' +
          'duplicate name (any case); 404 for an id of another restaurant; 409 when the change would take ' +
          'team management away from the caller.',
        body: ZRoleUpsertRequest,
        response: { 200: ZRole },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => roles.upsert(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/deleterestperm', {
      schema: {
        tags: ['team'],
        summary: 'Delete a role nobody holds',
        description: '409 "This role still has {count} members. …" while employees hold it.',
        body: ZDeleteRoleRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => roles.delete(authOf(request), request.body.id, request.ip),
    });

    app.get('/api/api/role/:id/history', {
      schema: {
        tags: ['team'],
        summary: 'Who changed this role, when and from where (newest first)',
        params: ZIdParam,
        querystring: ZHistoryQuery,
        response: { 200: ZHistoryResponse },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => roles.history(authOf(request), request.params.id, request.query.limit),
    });

    // --- employees -----------------------------------------------------------------------------

    app.get('/api/api/user', {
      schema: {
        tags: ['team'],
        summary: 'Employees of the restaurant: search, filter by role and status, paginated',
        querystring: ZEmployeeListQuery,
        response: { 200: ZEmployeeListResponse },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => employees.list(authOf(request), request.query),
    });

    app.post('/api/api/user', {
      schema: {
        tags: ['team'],
        summary: 'Add an employee',
        description:
          '400 field errors: email taken (emails are logins, unique product-wide), PIN taken at this ' +
          'restaurant, a role id that is not this restaurant’s, password rules.',
        body: ZEmployeeCreateRequest,
        response: { 200: ZEmployee },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => employees.create(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/user/:id', {
      schema: {
        tags: ['team'],
        summary: 'One employee; ignoreDeletedAt=true also finds a deleted one',
        params: ZIdParam,
        querystring: ZEmployeeGetQuery,
        response: { 200: ZEmployee },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => employees.get(authOf(request), request.params.id, request.query.ignoreDeletedAt),
    });

    app.put('/api/api/user/:id', {
      schema: {
        tags: ['team'],
        summary: 'Change an employee; only the fields given change',
        description:
          'status inactive deactivates: the employee’s sessions end at once and they stop being the ' +
          'authorized representative. A new password or password null also ends their sessions.',
        params: ZIdParam,
        body: ZEmployeeUpdateRequest,
        response: { 200: ZEmployee },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => employees.update(authOf(request), request.params.id, request.body, request.ip),
    });

    app.delete('/api/api/user/:id', {
      schema: {
        tags: ['team'],
        summary: 'Delete an employee (soft delete: sessions end, history stays)',
        params: ZIdParam,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => employees.delete(authOf(request), request.params.id, request.ip),
    });

    app.get('/api/api/user/:id/history', {
      schema: {
        tags: ['team'],
        summary: 'Who changed this employee, when and from where (newest first)',
        params: ZIdParam,
        querystring: ZHistoryQuery,
        response: { 200: ZHistoryResponse },
      },
      config: { access: EDIT_ACCOUNTS },
      handler: (request) => employees.history(authOf(request), request.params.id, request.query.limit),
    });
  };
}
