import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';
import { compileErrors } from '../helpers/typed-client.ts';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every operation that answers a file, with the file's media type. */
const DOWNLOADS: Record<string, string> = {
  downloadImportTemplate: XLSX,
  exportCurrentEmployees: XLSX,
  downloadImportErrorReport: XLSX,
  downloadAttendanceImportTemplate: XLSX,
  downloadDailyRosterWorkbook: XLSX,
  downloadDailyRosterPdf: PDF,
  downloadMonthlyRosterWorkbook: XLSX,
  downloadMonthlyRosterPdf: PDF,
  downloadVarianceWorkbook: XLSX,
  downloadVariancePdf: PDF,
  getCalendarFeed: 'text/calendar',
  downloadLabourCostWorkbook: XLSX,
  downloadLabourCostPdf: PDF,
};

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: { type?: string; format?: string } }> }>;
}

/** The API's file downloads as its OpenAPI consumers read them: typed clients and Swagger UI. */
describeEachDatabase('file downloads in the OpenAPI document', (t) => {
  const folder = join(process.cwd(), '.tmp', `download-client-${process.pid}-${t.driver}`);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const served = async () => (await t.request(null, { method: 'GET', url: '/swagger/json' })).body;

  it('documents each download under its file’s media type with a binary body, never as JSON', async () => {
    const document = JSON.parse(await served()) as { paths: Record<string, Record<string, Operation>> };
    const files: Record<string, Record<string, unknown>> = {};
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        const content = operation.responses['200']?.content ?? {};
        const binary = Object.values(content).some((media) => media.schema?.format === 'binary');
        if (binary || operation.operationId in DOWNLOADS) files[operation.operationId] = content;
      }
    }
    expect(files).toEqual(
      Object.fromEntries(
        Object.entries(DOWNLOADS).map(([id, type]) => [
          id,
          { [type]: { schema: { type: 'string', format: 'binary' } } },
        ]),
      ),
    );
  });

  it('gives openapi-typescript a binary answer for each download, which a typed client fetches as a Blob', async () => {
    const document = await served();
    // At its defaults: a string under the file's media type (no JSON body to parse).
    const plain = astToString(await openapiTS(document));
    for (const [id, type] of Object.entries(DOWNLOADS)) {
      const start = plain.indexOf(`    ${id}: {`);
      const success = plain.slice(plain.indexOf('200: {', start), plain.indexOf('};\n            };', start));
      expect(success, id).toContain(`"${type}": string;`);
      expect(success, id).not.toContain('application/json');
    }
    // With the transform openapi-typescript documents for binary bodies: a Blob.
    const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
    const types = astToString(
      await openapiTS(document, {
        transform: (schema) => (schema.format === 'binary' ? blob : undefined),
      }),
    );
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'api.ts'), types);
    writeFileSync(
      join(folder, 'downloads.ts'),
      [
        "import type { operations } from './api.ts';",
        'type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;',
        ...Object.entries(DOWNLOADS).map(
          ([id, type]) =>
            `export const ${id}: Same<operations['${id}']['responses'][200]['content'], { '${type}': Blob }> = true;`,
        ),
      ].join('\n'),
    );
    copyFileSync(join(import.meta.dirname, 'typed-client', 'download.ts'), join(folder, 'download.ts'));
    expect(compileErrors([join(folder, 'download.ts'), join(folder, 'downloads.ts')])).toEqual([]);

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Not imported statically: the client compiles only beside the types generated above.
    const client: {
      download(base: string, token: string, date: string): Promise<Record<string, unknown>>;
    } = await import(join(folder, 'download.ts'));
    expect(await client.download(address, await t.tokenOf('planner'), '2027-03-07')).toEqual({
      status: 200,
      type: PDF,
      disposition: 'attachment; filename="daily-roster-2027-03-07-ar.pdf"',
      magic: '%PDF-',
    });
  });
});
