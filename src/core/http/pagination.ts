import { type Static, type TSchema, Type } from '@sinclair/typebox';

export const MAX_PAGE_SIZE = 500;

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 }),
});
export type PageQuery = Static<typeof PageQuery>;

export const pageSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
  });

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.pageSize;

export const pageOf = <T>(items: T[], total: number, query: PageQuery): Page<T> => ({
  items,
  page: query.page,
  pageSize: query.pageSize,
  total,
});
