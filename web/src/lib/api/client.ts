import createClient, { type Middleware } from 'openapi-fetch';
import { session } from '../auth/session';
import { idempotencyKeys } from './idempotency';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'] & Record<string, unknown>;

/** An answer outside 2xx, with its problem details (RFC 9457) when the service sent them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
    readonly headers: Headers,
  ) {
    super(problem?.detail ?? `HTTP ${status}`);
  }
  get code(): string | undefined {
    return this.problem?.code;
  }
}

/**
 * Sends the bearer token; a 401 on a call made with the session's own token ends the session as expired,
 * which sends the person to the login screen and, after signing in, back where they were. A late answer
 * to a call sent under an earlier session (the person before signed out meanwhile) leaves the new one be.
 */
const auth: Middleware = {
  onRequest({ request }) {
    const token = session.token();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    const sentWith = request.headers.get('Authorization');
    if (response.status === 401 && sentWith !== null && sentWith === `Bearer ${session.token()}`)
      session.end('expired');
    return response;
  },
};

/** The generated client: the only way this application reaches the server. */
export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  // Looked up at each call, not once: tests replace it.
  fetch: (request) => globalThis.fetch(request),
});
// The keys first: openapi-fetch calls the first middleware while the sending action is still current.
api.use(idempotencyKeys, auth);

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Resolves to the body of a 2xx answer; throws an `ApiError` otherwise. */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (response.ok) return data as T;
  throw new ApiError(response.status, error as Problem | undefined, response.headers);
}

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * A workbook upload's body as the browser sends a form: multipart, the file under `file` with its name
 * (the browser writes the Content-Type with its boundary).
 */
export function uploadForm(body: { file: Blob }): FormData {
  const form = new FormData();
  form.append('file', body.file, body.file instanceof File ? body.file.name : 'upload.xlsx');
  return form;
}
