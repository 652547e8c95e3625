import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import {
  CertificationRequirement,
  CertificationRequirementList,
  IdParams,
  NewCertificationRequirement,
  RequirementParams,
  RequiresCertificationReplacement,
  Skill,
  SkillHolder,
  SkillHolderQuery,
  SkillListQuery,
} from '../schemas.ts';
import * as skills from '../skills-service.ts';
import { tags } from './shared.ts';

/** Production skills, their holders and the certifications a skill requires. */
export function skillRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/skills',
      {
        config: { auth: 'skill.view' },
        schema: {
          operationId: 'listSkills',
          summary: 'List production skills with the certifications each requires',
          tags,
          querystring: SkillListQuery,
          response: { 200: pageSchema(Skill) },
        },
      },
      async (request) => skills.listSkills(deps, callerOf(request), request.query),
    );
    app.get(
      '/skills/:id/employees',
      {
        config: { auth: 'skill.view' },
        schema: {
          operationId: 'listSkillHolders',
          summary: 'Employees in scope holding a skill, with their level',
          tags,
          params: IdParams,
          querystring: SkillHolderQuery,
          response: { 200: pageSchema(SkillHolder), 422: problemResponse(['SKILL_LEVEL_UNKNOWN']) },
        },
      },
      async (request) => skills.holdersOfSkill(deps, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/skills/:id/certification-requirements',
      {
        config: { auth: 'skill.view' },
        schema: {
          operationId: 'listCertificationRequirements',
          summary: 'Certifications a skill requires',
          tags,
          params: IdParams,
          response: { 200: CertificationRequirementList },
        },
      },
      async (request) => skills.requirementsOf(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/skills/:id/certification-requirements',
      {
        config: { auth: 'skill.edit' },
        schema: {
          operationId: 'addCertificationRequirement',
          summary: 'Make a skill require a certification',
          tags,
          params: IdParams,
          body: NewCertificationRequirement,
          response: {
            201: CertificationRequirement,
            409: problemResponse(['CERTIFICATION_REQUIREMENT_EXISTS']),
            422: problemResponse(
              ['CERTIFICATION_UNKNOWN'],
              'The code (trimmed, upper-cased) is not a certification type: GET /api/lookups/certification-types lists them',
            ),
          },
        },
      },
      async (request, reply) => {
        const created = await skills.addRequirement(
          deps,
          callerOf(request),
          request.params.id,
          request.body.certificationCode,
        );
        reply
          .code(201)
          .header(
            'location',
            `/api/skills/${request.params.id}/certification-requirements/${encodeURIComponent(created.certificationCode)}`,
          );
        return created;
      },
    );
    app.delete(
      '/skills/:id/certification-requirements/:certificationCode',
      {
        config: { auth: 'skill.edit' },
        schema: {
          operationId: 'removeCertificationRequirement',
          summary: 'Stop requiring a certification for a skill',
          tags,
          params: RequirementParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await skills.removeRequirement(
          deps,
          callerOf(request),
          request.params.id,
          request.params.certificationCode,
        );
        return reply.code(204).send(null);
      },
    );
    app.put(
      '/skills/:id/requires-certification',
      {
        config: { auth: 'skill.edit', versioned: true },
        schema: {
          operationId: 'setSkillRequiresCertification',
          summary: 'Turn the certification requirement of a skill on or off (honours If-Match)',
          tags,
          params: IdParams,
          body: RequiresCertificationReplacement,
          response: { 200: Skill },
        },
      },
      async (request) =>
        skills.setRequiresCertification(
          deps,
          callerOf(request),
          request.params.id,
          request.body.requiresCertification,
        ),
    );
  };
}
