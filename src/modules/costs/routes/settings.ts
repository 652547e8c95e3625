import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import {
  BudgetListQuery,
  IdParams,
  LabourBudget,
  LabourBudgetUpdate,
  LabourPremium,
  LabourPremiums,
  LabourPremiumUpdate,
  LabourRate,
  LabourRateUpdate,
  NewLabourBudget,
  NewLabourRate,
  PremiumParams,
  RateListQuery,
} from '../schemas.ts';
import * as costs from '../settings-service.ts';

const tags = ['costs'];

/** What labour is paid and budgeted: rates per grade, premiums, departments' monthly budgets. */
export function costSettingRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/labour-rates',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'listLabourRates',
          summary: 'Hourly rates per grade, each from its effective date',
          tags,
          querystring: RateListQuery,
          response: { 200: pageSchema(LabourRate) },
        },
      },
      async (request) => costs.listRates(deps, callerOf(request), request.query),
    );
    app.post(
      '/labour-rates',
      {
        config: { auth: 'labour_rate.manage' },
        schema: {
          operationId: 'createLabourRate',
          summary: 'Set a grade’s hourly rate from a date',
          tags,
          body: NewLabourRate,
          response: {
            201: LabourRate,
            409: problemResponse(['LABOUR_RATE_EXISTS']),
            422: problemResponse(['GRADE_UNKNOWN']),
          },
        },
      },
      async (request, reply) => {
        const rate = await costs.createRate(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/labour-rates/${rate.id}`);
        return rate;
      },
    );
    app.get(
      '/labour-rates/:id',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'getLabourRate',
          summary: 'Read a rate',
          tags,
          params: IdParams,
          response: { 200: LabourRate },
        },
      },
      async (request) => costs.getRate(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/labour-rates/:id',
      {
        config: { auth: 'labour_rate.manage', versioned: true },
        schema: {
          operationId: 'updateLabourRate',
          summary: 'Change a rate or its effective date (honours If-Match)',
          tags,
          params: IdParams,
          body: LabourRateUpdate,
          response: { 200: LabourRate, 409: problemResponse(['LABOUR_RATE_EXISTS']) },
        },
      },
      async (request) => costs.updateRate(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/labour-rates/:id',
      {
        config: { auth: 'labour_rate.manage' },
        schema: {
          operationId: 'deleteLabourRate',
          summary: 'Delete a rate',
          tags,
          params: IdParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await costs.deleteRate(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/labour-premiums',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'listLabourPremiums',
          summary: 'The premiums set: night, weekend, holiday and overtime (a kind not set adds nothing)',
          tags,
          response: { 200: LabourPremiums },
        },
      },
      async (request) => costs.listPremiums(deps, callerOf(request)),
    );
    app.put(
      '/labour-premiums/:kind',
      {
        config: { auth: 'labour_rate.manage', versioned: true },
        schema: {
          operationId: 'setLabourPremium',
          summary: 'Set a premium: a percentage of the rate or a fixed amount per hour (honours If-Match)',
          tags,
          params: PremiumParams,
          body: LabourPremiumUpdate,
          response: { 200: LabourPremium },
        },
      },
      async (request) => costs.setPremium(deps, callerOf(request), request.params.kind, request.body),
    );
    app.delete(
      '/labour-premiums/:kind',
      {
        config: { auth: 'labour_rate.manage' },
        schema: {
          operationId: 'deleteLabourPremium',
          summary: 'Remove a premium: its hours are paid at the base rate',
          tags,
          params: PremiumParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await costs.removePremium(deps, callerOf(request), request.params.kind);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/labour-budgets',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'listLabourBudgets',
          summary: 'Monthly labour budgets of the departments in your scope',
          tags,
          querystring: BudgetListQuery,
          response: { 200: pageSchema(LabourBudget) },
        },
      },
      async (request) => costs.listBudgets(deps, callerOf(request), request.query),
    );
    app.post(
      '/labour-budgets',
      {
        config: { auth: 'labour_budget.manage' },
        schema: {
          operationId: 'createLabourBudget',
          summary: 'Set a department’s budget for a month',
          tags,
          body: NewLabourBudget,
          response: {
            201: LabourBudget,
            409: problemResponse(['LABOUR_BUDGET_EXISTS']),
            422: problemResponse(['DEPARTMENT_UNKNOWN']),
          },
        },
      },
      async (request, reply) => {
        const budget = await costs.createBudget(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/labour-budgets/${budget.id}`);
        return budget;
      },
    );
    app.get(
      '/labour-budgets/:id',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'getLabourBudget',
          summary: 'Read a budget',
          tags,
          params: IdParams,
          response: { 200: LabourBudget },
        },
      },
      async (request) => costs.getBudget(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/labour-budgets/:id',
      {
        config: { auth: 'labour_budget.manage', versioned: true },
        schema: {
          operationId: 'updateLabourBudget',
          summary: 'Change a budget’s amount or note (honours If-Match)',
          tags,
          params: IdParams,
          body: LabourBudgetUpdate,
          response: { 200: LabourBudget },
        },
      },
      async (request) => costs.updateBudget(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/labour-budgets/:id',
      {
        config: { auth: 'labour_budget.manage' },
        schema: {
          operationId: 'deleteLabourBudget',
          summary: 'Delete a budget',
          tags,
          params: IdParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await costs.deleteBudget(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
