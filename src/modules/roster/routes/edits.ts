import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import { REASON_CODES } from '../../../engine/index.ts';
import { copyRoster, previewRosterCopy } from '../copy-service.ts';
import {
  RosterCopy,
  RosterCopyConfirmed,
  RosterCopyRequest,
  RosterEditCheck,
  RosterEditConflict,
  RosterEdits,
  RosterEditsSaved,
  RosterEditVerdict,
} from '../edits-schemas.ts';
import { checkRosterEdits, saveRosterEdits } from '../edits-service.ts';
import { ReasonCertification } from '../schemas.ts';

const tags = ['rosters'];
const unknownDepartment = problemResponse(['NOT_FOUND']);
const invalid = problemResponse(['ASSIGNMENT_INVALID', 'DEMAND_LINE_UNKNOWN', 'LINE_DATE_MISMATCH']);

/** Editing the live roster on its grid, and copying a period of it onto another (issue 53). */
export function editRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/admin/roster/edits/check',
      {
        config: { auth: 'roster.edit' },
        schema: {
          operationId: 'checkRosterEdits',
          summary: "Whether grid edits keep the engine's rules and meet no newer save; nothing is written",
          tags,
          body: RosterEdits,
          response: { 200: RosterEditCheck, 404: unknownDepartment, 422: invalid },
        },
      },
      async (request) => checkRosterEdits(deps, callerOf(request), request.body),
    );
    app.post(
      '/admin/roster/edits',
      {
        config: { auth: 'roster.edit' },
        schema: {
          operationId: 'saveRosterEdits',
          summary: 'Save grid edits of the live roster as one write: every edit or none',
          description:
            '409 `ROSTER_CHANGED` lists, cell by cell, what another save changed since the grid was read; ' +
            "422 `NOT_ELIGIBLE` names the first edit the engine's rules refuse, with its reasons.",
          tags,
          body: RosterEdits,
          response: {
            200: RosterEditsSaved,
            404: unknownDepartment,
            409: problemResponse(['ROSTER_CHANGED'], undefined, {
              conflicts: Type.Array(RosterEditConflict),
            }),
            422: problemResponse(
              ['NOT_ELIGIBLE', 'ASSIGNMENT_INVALID', 'DEMAND_LINE_UNKNOWN', 'LINE_DATE_MISMATCH'],
              undefined,
              {
                reasons: Type.Optional(
                  Type.Array(Type.Union(REASON_CODES.map((code) => Type.Literal(code)))),
                ),
                certification: Type.Optional(ReasonCertification),
                edit: Type.Optional(RosterEditVerdict),
              },
            ),
          },
        },
      },
      async (request) => saveRosterEdits(deps, callerOf(request), request.body),
    );
    app.post(
      '/admin/roster/copies/preview',
      {
        config: { auth: 'roster.edit' },
        schema: {
          operationId: 'previewRosterCopy',
          summary: 'What copying a period of the live roster onto another would write and leave out',
          description:
            "Person by person; a shift is left out when its cell is taken or the engine's rules (leave among " +
            'them) refuse it now, and lands on a gap of its day where one matches. Nothing is written.',
          tags,
          body: RosterCopyRequest,
          response: {
            200: RosterCopy,
            404: unknownDepartment,
            422: problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG', 'COPY_RANGES_OVERLAP']),
          },
        },
      },
      async (request) => previewRosterCopy(deps, callerOf(request), request.body),
    );
    app.post(
      '/admin/roster/copies',
      {
        config: { auth: 'roster.edit' },
        schema: {
          operationId: 'copyRoster',
          summary: 'Copy a period of the live roster onto another, exactly as its preview showed',
          tags,
          body: RosterCopyConfirmed,
          response: {
            200: RosterCopy,
            404: unknownDepartment,
            409: problemResponse(['COPY_CHANGED'], undefined, { preview: RosterCopy }),
            422: problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG', 'COPY_RANGES_OVERLAP']),
          },
        },
      },
      async (request) => copyRoster(deps, callerOf(request), request.body),
    );
  };
}
