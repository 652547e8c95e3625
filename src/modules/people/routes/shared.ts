import { problemResponse } from '../../../core/http/openapi.ts';

/* What the routes of the people seams share. */

/** The OpenAPI tag of every people route. */
export const tags = ['people'];
/** A DELETE honouring If-Match documents its 412 (PUT and PATCH get theirs from the route declarations). */
export const ifMatchFailed = problemResponse(['PRECONDITION_FAILED'], 'If-Match names another version');
