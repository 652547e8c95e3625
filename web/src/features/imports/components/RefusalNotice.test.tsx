import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { arabic, english } from '../../../lib/i18n/messages/index';
import { renderIn } from '../../../test/render';
import { refusalOf } from '../logic';
import { RefusalNotice } from './RefusalNotice';

describe('RefusalNotice', () => {
  it('words a workbook unlike the template sheet by sheet, in Arabic too', () => {
    const refusal = refusalOf(
      422,
      {
        code: 'IMPORT_SCHEMA_INVALID',
        errors: [
          { path: 'Employees/Status', message: 'missing header Status' },
          { path: 'EmployeeSkills', message: 'missing sheet EmployeeSkills' },
        ],
      },
      null,
    );
    renderIn('ar', <RefusalNotice refusal={refusal} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(arabic['imports.refused.wrongHeaders.title']);
    expect(alert.textContent).toContain('الورقة Employees: العمود Status غير موجود.');
    expect(alert.textContent).toContain('الورقة EmployeeSkills غير موجودة.');
  });

  it('says when to try again when another upload is being checked', () => {
    renderIn('en', <RefusalNotice refusal={refusalOf(503, { code: 'UPLOADS_BUSY' }, '3')} />);
    expect(screen.getByRole('alert').textContent).toContain('Try again in 3 seconds.');
    expect(screen.getByRole('alert').textContent).toContain(english['imports.refused.busy.title']);
  });

  it('reads a file that is no spreadsheet as such', () => {
    renderIn('en', <RefusalNotice refusal={refusalOf(415, { code: 'UNSUPPORTED_MEDIA_TYPE' }, null)} />);
    expect(screen.getByRole('alert').textContent).toContain(english['imports.refused.notSpreadsheet.body']);
  });
});
