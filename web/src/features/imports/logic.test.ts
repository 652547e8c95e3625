import { describe, expect, it } from 'vitest';
import {
  describeSchemaProblem,
  fileNameOf,
  localRefusal,
  MAX_UPLOAD_BYTES,
  progressPercent,
  refusalOf,
} from './logic';

describe('progressPercent', () => {
  it('reads the rows done of the rows counted while the job runs', () => {
    expect(progressPercent({ status: 'Running', rowsTotal: 200, rowsDone: 50 })).toBe(25);
    expect(progressPercent({ status: 'Queued', rowsTotal: 0, rowsDone: 0 })).toBe(0);
    expect(progressPercent({ status: 'Running', rowsTotal: 3, rowsDone: 5 })).toBe(100);
  });
  it('is full once the job has ended, however it ended', () => {
    expect(progressPercent({ status: 'Cancelled', rowsTotal: 10, rowsDone: 2 })).toBe(100);
    expect(progressPercent({ status: 'CompletedWithErrors', rowsTotal: 10, rowsDone: 10 })).toBe(100);
  });
});

describe('refusalOf', () => {
  it('words each synchronous refusal of the upload', () => {
    expect(refusalOf(413, { code: 'PAYLOAD_TOO_LARGE' }, null)).toEqual({ kind: 'tooLarge' });
    expect(refusalOf(415, { code: 'UNSUPPORTED_MEDIA_TYPE' }, null)).toEqual({ kind: 'notSpreadsheet' });
    expect(refusalOf(422, { code: 'IMPORT_TOO_MANY_ROWS' }, null)).toEqual({ kind: 'tooManyRows' });
    expect(refusalOf(422, { code: 'IMPORT_FILE_UNSAFE' }, null)).toEqual({ kind: 'unsafe' });
    expect(refusalOf(422, { code: 'IMPORT_FILE_UNREADABLE' }, null)).toEqual({ kind: 'unreadable' });
    expect(refusalOf(503, { code: 'UPLOADS_BUSY' }, '5')).toEqual({ kind: 'busy', retryAfter: 5 });
    expect(refusalOf(503, { code: 'UPLOADS_BUSY' }, null)).toEqual({ kind: 'busy', retryAfter: null });
    expect(refusalOf(500, { code: 'INTERNAL', detail: 'boom' }, null)).toEqual({
      kind: 'other',
      detail: 'boom',
    });
    expect(refusalOf(502, undefined, null)).toEqual({ kind: 'other', detail: null });
  });
  it('lists what does not match the template', () => {
    const refusal = refusalOf(
      422,
      {
        code: 'IMPORT_SCHEMA_INVALID',
        errors: [
          { path: 'Employees/Status', message: 'missing header Status' },
          { path: 'Employees/Statut', message: 'unknown header Statut (column 6)' },
          { path: 'EmployeeSkills', message: 'missing sheet EmployeeSkills' },
          { path: 'Employees', message: 'something new' },
        ],
      },
      null,
    );
    expect(refusal).toEqual({
      kind: 'wrongHeaders',
      problems: [
        { kind: 'missingHeader', sheet: 'Employees', header: 'Status' },
        { kind: 'unknownHeader', sheet: 'Employees', header: 'Statut', column: 6 },
        { kind: 'missingSheet', sheet: 'EmployeeSkills' },
        { kind: 'other', path: 'Employees', message: 'something new' },
      ],
    });
  });
  it('reads an unlisted problem without its errors as an empty list', () => {
    expect(refusalOf(422, { code: 'IMPORT_SCHEMA_INVALID' }, null)).toEqual({
      kind: 'wrongHeaders',
      problems: [],
    });
    expect(describeSchemaProblem({ path: 'x', message: 'missing header ' })).toMatchObject({ kind: 'other' });
  });
});

describe('localRefusal', () => {
  it('refuses only what is over the size limit; the content is for the service to judge', () => {
    expect(localRefusal({ size: MAX_UPLOAD_BYTES + 1 })).toEqual({ kind: 'tooLarge' });
    expect(localRefusal({ size: MAX_UPLOAD_BYTES })).toBeNull();
  });
});

describe('fileNameOf', () => {
  it("takes the service's file name, else the fallback", () => {
    expect(fileNameOf('attachment; filename="import-1-errors.xlsx"', 'x.xlsx')).toBe('import-1-errors.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%D9%85.xlsx", 'x.xlsx')).toBe('م.xlsx');
    expect(fileNameOf('attachment; filename*=UTF-8\'\'%E0%A4%A.xlsx; filename="a.xlsx"', 'x.xlsx')).toBe(
      'a.xlsx',
    );
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf('attachment', 'x.xlsx')).toBe('x.xlsx');
  });
});
