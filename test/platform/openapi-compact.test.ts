import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compactUnions, type Json } from '../../src/core/http/openapi-compact.ts';
import { named, referNamedShapes } from '../../src/core/http/openapi-names.ts';
import { BusinessDate } from '../../src/modules/lookups/schemas.ts';

// Issue 34: the document's shorter spellings must mean what TypeBox wrote, to validators and generators.
describe('the OpenAPI document written shorter', () => {
  it('writes a union of literals as one enum and a nullable plain schema as a type list', () => {
    const literals = JSON.parse(JSON.stringify(Type.Union([Type.Literal('a'), Type.Literal('b')])));
    expect(compactUnions(literals)).toEqual({ type: 'string', enum: ['a', 'b'] });
    const nullable: Json = {
      anyOf: [{ type: 'string', format: 'uuid', description: 'inner' }, { type: 'null' }],
      description: 'The use',
    };
    expect(compactUnions(nullable)).toEqual({
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The use',
    });
  });

  it('leaves unions it cannot shorten, and examples, as written', () => {
    const reference: Json = { anyOf: [{ $ref: '#/components/schemas/Code' }, { type: 'null' }] };
    expect(compactUnions(reference)).toEqual(reference);
    const mixed: Json = {
      anyOf: [
        { type: 'string', enum: ['a'] },
        { type: 'integer', enum: [1] },
      ],
    };
    expect(compactUnions(mixed)).toEqual(mixed);
    const choice: Json = { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] };
    expect(compactUnions(choice)).toEqual(choice);
    const example: Json = {
      examples: [
        {
          anyOf: [
            { type: 'string', enum: ['a'] },
            { type: 'string', enum: ['b'] },
          ],
        },
      ],
    };
    expect(compactUnions(example)).toEqual(example);
  });

  it('refers to a named shape wherever it is used, keeping a use’s own words', () => {
    const schemas = {};
    const body = JSON.parse(
      JSON.stringify(
        Type.Object({ from: BusinessDate, to: { ...BusinessDate, description: 'Last date (inclusive)' } }),
      ),
    );
    expect(referNamedShapes(body, schemas)).toMatchObject({
      properties: {
        from: { $ref: '#/components/schemas/BusinessDate' },
        to: { $ref: '#/components/schemas/BusinessDate', description: 'Last date (inclusive)' },
      },
    });
    expect(schemas).toEqual({ BusinessDate: JSON.parse(JSON.stringify(BusinessDate)) });
  });

  it('refuses two names for one shape', () => {
    expect(() => named('AnotherDate', Type.String({ ...BusinessDate }))).toThrow(/shape of BusinessDate/);
  });
});
