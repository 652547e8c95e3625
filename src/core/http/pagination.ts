import { type Static, type TSchema, Type } from '@sinclair/typebox';

export const MAX_PAGE_SIZE = 500;

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' }),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: 50,
    description: `Items per page, at most ${MAX_PAGE_SIZE}`,
  }),
});
export type PageQuery = Static<typeof PageQuery>;

/** A page of items; a named item schema (`$id: 'User'`) makes a named page (`UserPage`). */
export const pageSchema = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      items: Type.Array(item),
      page: Type.Integer(),
      pageSize: Type.Integer(),
      total: Type.Integer({ description: 'Matches on all pages' }),
    },
    item.$id ? { $id: `${item.$id}Page` } : {},
  );

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
