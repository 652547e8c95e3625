import type { ErrorCode } from './error-codes.ts';

/** The one error type services throw; the error handler turns it into problem details. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    detail: string,
    /** Extra members of the problem body (e.g. `permission`, `lockoutUntil`, `errors`). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export interface FieldError {
  path: string;
  message: string;
  /** The rule broken (a JSON Schema keyword for schema errors), with its bound or allowed values. */
  rule?: string;
  limit?: number | string;
  allowed?: string[];
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found`);

export const validationFailed = (detail: string, errors: FieldError[] = []) =>
  new AppError(400, 'VALIDATION_FAILED', detail, errors.length ? { errors } : {});

export const businessRule = (code: ErrorCode, detail: string, extra: Record<string, unknown> = {}) =>
  new AppError(422, code, detail, extra);

export const conflict = (code: ErrorCode, detail: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, code, detail, extra);

/** A refusal naming the permission the action needs (one of the catalog's, `core/auth/catalog.ts`). */
export const forbidden = (permission: string) =>
  new AppError(403, 'FORBIDDEN', `This action needs the permission "${permission}"`, { permission });
