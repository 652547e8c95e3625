/** The EmployeeCertifications sheet: its rows by employee number, and the overlap check of a batch. */
import { type DepartmentScope, scopeReaches } from '../../core/auth/principal.ts';
import { cellOf, dateOf, type SheetRow } from '../../core/xlsx/index.ts';
import type * as repo from './batch-repository.ts';
import { type EmployeeRows, employeeRowsBy } from './employee-rows.ts';
import type { Unit } from './plan.ts';
import { type CertificationColumn, SHEETS } from './workbook.ts';

interface CertificationEntry extends EmployeeRows {
  certifications: repo.CertificationValues[];
}

/** The EmployeeCertifications sheet by employee number, read before the Employees sheet streams. */
export interface CertificationIndex {
  add(row: SheetRow, columns: Record<CertificationColumn, number>): void;
  /**
   * The certifications of an employee of the Employees sheet, once their department is known (the
   * importer's certifications.manage grant must cover it), with their errors.
   */
  claim(employeeNumber: string, departmentId: string | null): CertificationEntry | undefined;
  /** One failed unit per EmployeeCertifications row whose employee was not on the Employees sheet. */
  orphans(): Unit[];
}

const MAX_NOTES = 1000;

/**
 * The index of the EmployeeCertifications rows. A code is trimmed and upper-cased, then must be in the
 * catalogue; a row is keyed by employee, code and issuedOn (the same key twice is an error). Overlaps with
 * the employee's stored rows are judged when the batch is applied, under the employees' row locks.
 * `manageScope` is the importer's certifications.manage grant (null: none).
 */
export function createCertificationIndex(
  maps: repo.CodeMaps,
  manageScope: DepartmentScope | null,
): CertificationIndex {
  const index = employeeRowsBy<CertificationEntry>(SHEETS.certifications, () => ({
    rows: [],
    certifications: [],
    claimed: false,
  }));
  const error = (
    number: string,
    rowNumber: number,
    column: CertificationColumn | null,
    value: string,
    reason: string,
  ): repo.RowError => ({
    rowNumber,
    employeeNumber: number,
    sheet: SHEETS.certifications,
    column,
    value,
    reason,
  });
  return {
    add(row, columns) {
      const number = cellOf(row, columns, 'employeeNumber');
      const entry = index.entryOf(number, row.rowNumber);
      const errors: repo.RowError[] = [];
      const err = (column: CertificationColumn, value: string, reason: string) =>
        errors.push(error(number, row.rowNumber, column, value, reason));
      const given = cellOf(row, columns, 'certificationCode');
      const code = given.trim().toUpperCase();
      if (!code) err('certificationCode', given, 'Required');
      const issued = dateOf(cellOf(row, columns, 'issuedOn'));
      const expires = dateOf(cellOf(row, columns, 'expiresOn'));
      if (!issued) err('issuedOn', '', 'Required');
      else if (issued === 'invalid')
        err('issuedOn', cellOf(row, columns, 'issuedOn'), 'Not a date (YYYY-MM-DD)');
      if (expires === 'invalid')
        err('expiresOn', cellOf(row, columns, 'expiresOn'), 'Not a date (YYYY-MM-DD)');
      else if (expires && issued && issued !== 'invalid' && expires < issued) {
        err('expiresOn', cellOf(row, columns, 'expiresOn'), 'Before issuedOn (CERTIFICATION_DATES_INVALID)');
      }
      const notes = cellOf(row, columns, 'notes');
      if (notes.length > MAX_NOTES) err('notes', notes.slice(0, 50), `At most ${MAX_NOTES} characters`);
      if (!errors.length) {
        const twice = entry.certifications.find((c) => c.code === code && c.issuedOn === issued);
        if (twice) {
          err(
            'issuedOn',
            issued as string,
            `${code} issued on this date is listed twice for this employee (row ${twice.rowNumber})`,
          );
        }
      }
      if (errors.length) {
        entry.errors ??= [];
        entry.errors.push(...errors);
        return;
      }
      entry.certifications.push({
        rowNumber: row.rowNumber,
        code,
        issuedOn: issued as string,
        expiresOn: (expires || null) as string | null,
        notes: notes || null,
        known: maps.certifications.has(code),
      });
    },
    claim(employeeNumber, departmentId) {
      const entry = index.claim(employeeNumber);
      if (!entry) return undefined;
      if (scopeReaches(manageScope, departmentId)) return entry;
      const reason =
        manageScope === null
          ? 'Certifications are written by holders of certifications.manage'
          : "The employee's department is outside your certifications.manage grant";
      return {
        ...entry,
        errors: [
          ...(entry.errors ?? []),
          ...entry.certifications.map((c) =>
            error(employeeNumber, c.rowNumber, 'certificationCode', c.code, reason),
          ),
        ],
      };
    },
    orphans: index.orphans,
  };
}

const unknownCode = (code: string) =>
  `Unknown certification code ${code} (CERTIFICATION_UNKNOWN): the template's comment, or ` +
  'GET /api/lookups/certification-types, lists the valid codes';

/** A certification as stored, for the overlap check of a batch. */
export interface StoredCertification {
  employee_number: string;
  code: string;
  issued_on: string;
  expires_on: string | null;
  status: string;
}

const overlaps = (
  a: { issuedOn: string; expiresOn: string | null },
  b: { issuedOn: string; expiresOn: string | null },
) => a.issuedOn <= (b.expiresOn ?? '9999-12-31') && b.issuedOn <= (a.expiresOn ?? '9999-12-31');

/**
 * Fails the employee units of a batch whose certifications would overlap (CERTIFICATION_DUPLICATE): the
 * employee's rows as they will be (stored rows, a matched one with the sheet's dates, plus the sheet's new
 * rows), Revoked rows aside, two rows of one code may not share a day. A code outside the catalogue passes
 * only on a row matching a stored one (CERTIFICATION_UNKNOWN otherwise). Judged against `stored`, read
 * under the employees' row locks, in the transaction that applies the batch.
 */
export function failOverlappingCertifications(
  units: readonly Unit[],
  stored: readonly StoredCertification[],
): Unit[] {
  const byNumber = new Map<string, StoredCertification[]>();
  for (const row of stored) {
    const list = byNumber.get(row.employee_number) ?? [];
    list.push(row);
    byNumber.set(row.employee_number, list);
  }
  return units.map((unit): Unit => {
    if (unit.kind !== 'employee' || !unit.values.certifications?.length) return unit;
    const number = unit.values.employeeNumber;
    const listed = unit.values.certifications;
    type After = { code: string; issuedOn: string; expiresOn: string | null; rowNumber: number | null };
    const after: After[] = [];
    const matched = new Set<StoredCertification>();
    const errors: repo.RowError[] = [];
    for (const c of listed) {
      const match = (byNumber.get(number) ?? []).find(
        (s) => s.code === c.code && s.issued_on === c.issuedOn && !matched.has(s),
      );
      if (match) matched.add(match);
      if (!c.known && !match) {
        errors.push({
          rowNumber: c.rowNumber,
          employeeNumber: number,
          sheet: SHEETS.certifications,
          column: 'certificationCode',
          value: c.code,
          reason: unknownCode(c.code),
        });
      }
      if (match?.status === 'Revoked') continue;
      after.push({ code: c.code, issuedOn: c.issuedOn, expiresOn: c.expiresOn, rowNumber: c.rowNumber });
    }
    for (const s of byNumber.get(number) ?? []) {
      if (matched.has(s) || s.status === 'Revoked') continue;
      after.push({ code: s.code, issuedOn: s.issued_on, expiresOn: s.expires_on, rowNumber: null });
    }
    for (const [i, a] of after.entries()) {
      if (a.rowNumber === null) continue;
      const other = after.find((b, j) => j !== i && b.code === a.code && overlaps(a, b));
      if (!other) continue;
      const where =
        other.rowNumber === null
          ? `the employee's stored ${other.code} from ${other.issuedOn} to ${other.expiresOn ?? '(no expiry)'}`
          : `row ${other.rowNumber} of this sheet`;
      errors.push({
        rowNumber: a.rowNumber,
        employeeNumber: number,
        sheet: SHEETS.certifications,
        column: 'issuedOn',
        value: a.issuedOn,
        reason: `Overlaps ${where} (CERTIFICATION_DUPLICATE): one row per code and period; renew by a new expiresOn on the matching row`,
      });
    }
    return errors.length ? { kind: 'failed', errors } : unit;
  });
}
