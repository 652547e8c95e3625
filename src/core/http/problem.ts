import { type Static, Type } from '@sinclair/typebox';

export const FieldErrorSchema = Type.Object({
  path: Type.String(),
  message: Type.String(),
  rule: Type.Optional(
    Type.String({
      description:
        'The rule the value breaks, for a client to word in its own language: a JSON Schema keyword ' +
        '(`required`, `minLength`, `maxLength`, `pattern`, `format`, `enum`, `minimum`, `maximum`, `type`…)',
    }),
  ),
  limit: Type.Optional(
    Type.Union([Type.Number(), Type.String()], {
      description: 'What the rule asks: the length or bound, the format (`date`, `uuid`…)',
    }),
  ),
  allowed: Type.Optional(Type.Array(Type.String(), { description: 'The values an `enum` rule allows' })),
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String(),
    code: Type.String({ description: 'UPPER_SNAKE error code' }),
    traceId: Type.String(),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
  },
  {
    $id: 'Problem',
    additionalProperties: true,
    description: 'RFC 9457 problem details',
    examples: [
      {
        type: '/problems/forbidden',
        title: 'Forbidden',
        status: 403,
        detail: 'This action needs the permission "admin.users"',
        instance: '/api/users',
        code: 'FORBIDDEN',
        traceId: '6f1c2a4e-2b7d-4d8e-9a53-0c1f5e7d9b21',
        permission: 'admin.users',
      },
    ],
  },
);
export type Problem = Static<typeof ProblemSchema>;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function titleOf(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

export function problemBody(
  status: number,
  code: string,
  detail: string,
  instance: string,
  traceId: string,
  extra: Record<string, unknown> = {},
): Problem {
  return {
    ...extra,
    type: `/problems/${code.toLowerCase().replaceAll('_', '-')}`,
    title: titleOf(status),
    status,
    detail,
    instance,
    code,
    traceId,
  };
}
