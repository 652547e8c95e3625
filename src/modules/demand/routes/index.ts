import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import {
  ApplyDemandTemplateRequest,
  ApplyDemandTemplateResult,
  CELLS_BODY_LIMIT,
  DemandPlan,
  DemandPlanDetail,
  DemandPlanUpdate,
  DemandTemplate,
  DemandTemplateUpdate,
  IdParams,
  NewDemandPlan,
  NewDemandTemplate,
  PlanListQuery,
  TemplateListQuery,
} from '../schemas.ts';
import * as demand from '../service.ts';
import * as templates from '../templates-service.ts';

const tags = ['demand'];
/** Demand plans and templates (DESIGN §9). */
export function demandRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/demand/plans',
      {
        config: { auth: 'demand.read' },
        schema: {
          operationId: 'listDemandPlans',
          summary:
            'Demand plans of your departments, filtered by date covered, terminal, department and state',
          tags,
          querystring: PlanListQuery,
          response: { 200: pageSchema(DemandPlan) },
        },
      },
      async (request) => demand.listPlans(deps, callerOf(request), request.query),
    );
    app.post(
      '/demand/plans',
      {
        config: { auth: 'demand.write' },
        schema: {
          operationId: 'createDemandPlan',
          summary: 'Create a Draft demand plan for a department and a period of at most 92 days',
          tags,
          body: NewDemandPlan,
          response: {
            201: DemandPlanDetail,
            409: problemResponse(
              ['DEMAND_PLAN_OVERLAP'],
              'Another live plan of the department covers some of the dates',
            ),
            422: problemResponse(['DEPARTMENT_UNKNOWN', 'INVALID_DATE_RANGE', 'PLAN_PERIOD_TOO_LONG']),
          },
        },
      },
      async (request, reply) => {
        const plan = await demand.createPlan(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/demand/plans/${plan.id}`);
        return plan;
      },
    );
    app.get(
      '/demand/plans/:id',
      {
        config: { auth: 'demand.read' },
        schema: {
          operationId: 'getDemandPlan',
          summary: 'A plan with its lines, the date × terminal × shift matrix and totals per date and shift',
          tags,
          params: IdParams,
          response: { 200: DemandPlanDetail },
        },
      },
      async (request) => demand.getPlan(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/demand/plans/:id',
      {
        config: { auth: 'demand.write', versioned: true },
        bodyLimit: CELLS_BODY_LIMIT,
        schema: {
          operationId: 'updateDemandPlan',
          summary:
            'Upsert cells (required 0 removes) and/or change the status, in one transaction (honours If-Match)',
          tags,
          params: IdParams,
          body: DemandPlanUpdate,
          response: {
            200: DemandPlanDetail,
            409: problemResponse(
              ['DEMAND_PLAN_LOCKED', 'DEMAND_PLAN_ARCHIVED', 'INVALID_STATE_TRANSITION'],
              'Cells of a Locked or Archived plan cannot change; Draft → Approved → Locked, Archived from any',
            ),
            422: problemResponse(
              ['DEMAND_CELLS_INVALID', 'DEMAND_PLAN_EMPTY'],
              'Cells naming unknown terminals, shift templates, skills or reasons, or dates outside the period (`cells` lists them); or approving a plan that asks for nobody',
            ),
          },
        },
      },
      async (request) => demand.updatePlan(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/demand/plans/:id',
      {
        config: { auth: 'demand.write' },
        schema: {
          operationId: 'deleteDemandPlan',
          summary: 'Delete a plan and its lines',
          tags,
          params: IdParams,
          response: {
            204: Type.Null(),
            409: problemResponse(['DEMAND_PLAN_IN_USE'], 'A non-archived allocation run uses the plan'),
          },
        },
      },
      async (request, reply) => {
        await demand.deletePlan(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/demand/templates',
      {
        config: { auth: 'demand.template_read' },
        schema: {
          operationId: 'listDemandTemplates',
          summary: 'Demand templates of the unit and of your departments',
          tags,
          querystring: TemplateListQuery,
          response: { 200: pageSchema(DemandTemplate) },
        },
      },
      async (request) => templates.listTemplates(deps, callerOf(request), request.query),
    );
    app.post(
      '/demand/templates',
      {
        config: { auth: 'demand.write' },
        bodyLimit: CELLS_BODY_LIMIT,
        schema: {
          operationId: 'createDemandTemplate',
          summary: 'Create a week of demand cells keyed by weekday (extension)',
          tags,
          body: NewDemandTemplate,
          response: {
            201: DemandTemplate,
            422: problemResponse(['DEPARTMENT_UNKNOWN', 'DEMAND_CELLS_INVALID']),
          },
        },
      },
      async (request, reply) => {
        const template = await templates.createTemplate(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/demand/templates/${template.id}`);
        return template;
      },
    );
    app.get(
      '/demand/templates/:id',
      {
        config: { auth: 'demand.template_read' },
        schema: {
          operationId: 'getDemandTemplate',
          summary: 'Read a demand template',
          tags,
          params: IdParams,
          response: { 200: DemandTemplate },
        },
      },
      async (request) => templates.getTemplate(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/demand/templates/:id',
      {
        config: { auth: 'demand.write', versioned: true },
        bodyLimit: CELLS_BODY_LIMIT,
        schema: {
          operationId: 'updateDemandTemplate',
          summary: "Change a template's name, description or cells (honours If-Match; extension)",
          tags,
          params: IdParams,
          body: DemandTemplateUpdate,
          response: { 200: DemandTemplate, 422: problemResponse(['DEMAND_CELLS_INVALID']) },
        },
      },
      async (request) => templates.updateTemplate(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/demand/templates/:id',
      {
        config: { auth: 'demand.write' },
        schema: {
          operationId: 'deleteDemandTemplate',
          summary: 'Delete a demand template (extension)',
          tags,
          params: IdParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await templates.deleteTemplate(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/demand/templates/:id/apply',
      {
        config: { auth: 'demand.write' },
        schema: {
          operationId: 'applyDemandTemplate',
          summary:
            "Lay the template's week over dates of a plan: dry run lists the changes, commit writes them",
          tags,
          params: IdParams,
          body: ApplyDemandTemplateRequest,
          response: {
            200: ApplyDemandTemplateResult,
            409: problemResponse(['DEMAND_PLAN_LOCKED', 'DEMAND_PLAN_ARCHIVED']),
            422: problemResponse([
              'DEMAND_PLAN_UNKNOWN',
              'INVALID_DATE_RANGE',
              'APPLY_RANGE_OUTSIDE_PLAN',
              'TEMPLATE_DEPARTMENT_MISMATCH',
            ]),
          },
        },
      },
      async (request) => templates.applyTemplate(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
