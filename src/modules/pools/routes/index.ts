import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import * as lendingRules from '../lending-rules-service.ts';
import {
  IdParams,
  LendingRule,
  LendingRuleListQuery,
  LendingRuleUpdate,
  MemberParams,
  NewLendingRule,
  NewPool,
  NewPoolMember,
  Pool,
  PoolListQuery,
  PoolMember,
  PoolUpdate,
} from '../schemas.ts';
import * as pools from '../service.ts';

const tags = ['pools'];

/** Pools, their explicit members and the directional lending rules between them (DESIGN §9). */
export function poolRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/pools',
      {
        config: { auth: 'pool.read' },
        schema: {
          operationId: 'listPools',
          summary: 'Pools of the departments in your scope',
          tags,
          querystring: PoolListQuery,
          response: { 200: pageSchema(Pool) },
        },
      },
      async (request) => pools.listPools(deps, callerOf(request), request.query),
    );
    app.post(
      '/pools',
      {
        config: { auth: 'pool.write' },
        schema: {
          operationId: 'createPool',
          summary: 'Create a pool in a department (the default pool of each department exists already)',
          tags,
          body: NewPool,
          response: {
            201: Pool,
            409: problemResponse(['POOL_CODE_TAKEN']),
            422: problemResponse(['DEPARTMENT_UNKNOWN']),
          },
        },
      },
      async (request, reply) => {
        const pool = await pools.createPool(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/pools/${pool.id}`);
        return pool;
      },
    );
    app.get(
      '/pools/:id',
      {
        config: { auth: 'pool.read' },
        schema: {
          operationId: 'getPool',
          summary: 'Read a pool',
          tags,
          params: IdParams,
          response: { 200: Pool },
        },
      },
      async (request) => pools.getPool(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/pools/:id',
      {
        config: { auth: 'pool.write', versioned: true },
        schema: {
          operationId: 'updatePool',
          summary: 'Change a pool, or make it the department default (honours If-Match)',
          tags,
          params: IdParams,
          body: PoolUpdate,
          response: {
            200: Pool,
            409: problemResponse(
              ['POOL_DEFAULT_PROTECTED', 'POOL_DEFAULT_EXISTS'],
              'The default pool cannot be un-defaulted; a concurrent change of the default lost the race',
            ),
          },
        },
      },
      async (request) => pools.updatePool(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/pools/:id',
      {
        config: { auth: 'pool.write' },
        schema: {
          operationId: 'deletePool',
          summary: 'Delete a pool without members or lending rules',
          tags,
          params: IdParams,
          response: {
            204: Type.Null(),
            409: problemResponse(['POOL_DEFAULT_PROTECTED', 'POOL_REFERENCED']),
          },
        },
      },
      async (request, reply) => {
        await pools.deletePool(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/pools/:id/members',
      {
        config: { auth: 'pool.read' },
        schema: {
          operationId: 'listPoolMembers',
          summary: 'Employees whose explicit home pool this is (extension)',
          tags,
          params: IdParams,
          querystring: PageQuery,
          response: { 200: pageSchema(PoolMember) },
        },
      },
      async (request) => pools.listMembers(deps, callerOf(request), request.params.id, request.query),
    );
    app.post(
      '/pools/:id/members',
      {
        config: { auth: 'pool.write' },
        schema: {
          operationId: 'addPoolMember',
          summary: "Make this pool an employee's explicit home pool (extension)",
          tags,
          params: IdParams,
          body: NewPoolMember,
          response: {
            201: PoolMember,
            422: problemResponse(['EMPLOYEE_UNKNOWN', 'EMPLOYEE_NOT_IN_POOL_DEPARTMENT']),
          },
        },
      },
      async (request, reply) => {
        const member = await pools.addMember(
          deps,
          callerOf(request),
          request.params.id,
          request.body.employeeId,
        );
        reply.code(201).header('location', `/api/pools/${request.params.id}/members/${member.employeeId}`);
        return member;
      },
    );
    app.delete(
      '/pools/:id/members/:employeeId',
      {
        config: { auth: 'pool.write' },
        schema: {
          operationId: 'removePoolMember',
          summary:
            "Remove an explicit membership: the employee's home is the department default again (extension)",
          tags,
          params: MemberParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await pools.removeMember(deps, callerOf(request), request.params.id, request.params.employeeId);
        return reply.code(204).send(null);
      },
    );

    const ruleErrors = {
      409: problemResponse(
        ['LENDING_RULE_OVERLAP'],
        'Another rule of the same pair is in force in the window',
      ),
      422: problemResponse(['LENDING_RULE_SELF', 'POOL_UNKNOWN', 'SKILL_UNKNOWN', 'INVALID_DATE_RANGE']),
    };
    app.get(
      '/pool-lending-rules',
      {
        config: { auth: 'pool_lending_rule.read' },
        schema: {
          operationId: 'listPoolLendingRules',
          summary: 'Lending rules touching a pool of your departments',
          tags,
          querystring: LendingRuleListQuery,
          response: { 200: pageSchema(LendingRule) },
        },
      },
      async (request) => lendingRules.listRules(deps, callerOf(request), request.query),
    );
    app.post(
      '/pool-lending-rules',
      {
        config: { auth: 'pool_lending_rule.write' },
        schema: {
          operationId: 'createPoolLendingRule',
          summary: 'Let staff of a source pool work demand of a target pool between dates',
          tags,
          body: NewLendingRule,
          response: { 201: LendingRule, ...ruleErrors },
        },
      },
      async (request, reply) => {
        const rule = await lendingRules.createRule(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/pool-lending-rules/${rule.id}`);
        return rule;
      },
    );
    app.get(
      '/pool-lending-rules/:id',
      {
        config: { auth: 'pool_lending_rule.read' },
        schema: {
          operationId: 'getPoolLendingRule',
          summary: 'Read a lending rule',
          tags,
          params: IdParams,
          response: { 200: LendingRule },
        },
      },
      async (request) => lendingRules.getRule(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/pool-lending-rules/:id',
      {
        config: { auth: 'pool_lending_rule.write', versioned: true },
        schema: {
          operationId: 'updatePoolLendingRule',
          summary: "Change a rule's window, skills, daily limit or description (honours If-Match)",
          tags,
          params: IdParams,
          body: LendingRuleUpdate,
          response: { 200: LendingRule, ...ruleErrors },
        },
      },
      async (request) => lendingRules.updateRule(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/pool-lending-rules/:id',
      {
        config: { auth: 'pool_lending_rule.write' },
        schema: {
          operationId: 'deletePoolLendingRule',
          summary: 'Delete a lending rule',
          tags,
          params: IdParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await lendingRules.deleteRule(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
