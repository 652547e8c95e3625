import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's request validators (Ajv) and response serializers (fast-json-stringify)
 * while it starts: for this service's few hundred routes that is about three seconds of CPU, most of the
 * start-up of an existing database, spent on routes a given process may never serve. These factories
 * wrap Fastify's own compilers so that each schema compiles on its route's first use instead, with the
 * same compiler and options: answers do not change, only when the work is done.
 */

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type AjvFunction = ((data: unknown, context?: unknown) => unknown) & {
  errors?: unknown;
  schemaEnv?: unknown;
};
type Serializer = (data: unknown) => string;
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
}
// The factories' shape as this file uses them (Fastify's typings spell out Ajv's function types in full).
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F;

// Fastify's own default compilers, resolved from Fastify's folder so that they are the versions it uses.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const defaultValidators: () => Factory<AjvFunction> = fromFastify('@fastify/ajv-compiler');
const defaultSerializers: () => Factory<Serializer> = fromFastify('@fastify/fast-json-stringify-compiler');

function lazyValidator(compile: () => AjvFunction): AjvFunction {
  let compiled: AjvFunction | undefined;
  const validate: AjvFunction = (data, context) => {
    compiled ??= compile();
    // Ajv changes a root value (defaults, coercion) only through its parent: Fastify hands the context
    // to a function with `schemaEnv`, which this one claims below, and it is passed on when Ajv's has it.
    const result = compiled.schemaEnv ? compiled(data, context) : compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  validate.schemaEnv = true;
  return validate;
}

function lazySerializer(compile: () => Serializer): Serializer {
  let compiled: Serializer | undefined;
  return (data) => {
    compiled ??= compile();
    return compiled(data);
  };
}

/**
 * Header names arrive lower-cased: Fastify lower-cases a headers schema's names for its default compiler
 * and leaves a custom one's alone, so this one does it as Fastify would.
 */
function lowerCased(schema: unknown): unknown {
  const object = schema as { properties?: Record<string, unknown>; required?: string[] } | null;
  if (!object || typeof object !== 'object' || !object.properties) return schema;
  return {
    ...object,
    properties: Object.fromEntries(
      Object.entries(object.properties).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    ...(object.required ? { required: object.required.map((name) => name.toLowerCase()) } : {}),
  };
}

export function lazyCompilers(): Factories {
  const validators = defaultValidators();
  const serializers = defaultSerializers();
  const buildValidator: Factory<AjvFunction> = (externalSchemas, options) => {
    const compiler = validators(externalSchemas, options);
    return (route) =>
      lazyValidator(() =>
        compiler(route.httpPart === 'headers' ? { ...route, schema: lowerCased(route.schema) } : route),
      );
  };
  const buildSerializer: Factory<Serializer> = (externalSchemas, options) => {
    const compiler = serializers(externalSchemas, options);
    return (route) => lazySerializer(() => compiler(route));
  };
  return { buildValidator, buildSerializer } as unknown as Factories;
}
