import { and, asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { nodeTypes, orgNodes } from '../../core/db/tables/index.ts';

const parents = alias(orgNodes, 'parent');

/** Nodes of the organisation tree with their type and parent codes; `nodeTypeCode` narrows to one type. */
export async function listOrgNodes(
  executor: Executor,
  buId: string,
  filter: { nodeTypeCode?: string; isActive?: boolean },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(orgNodes.buId, buId),
    filter.nodeTypeCode === undefined ? undefined : eq(nodeTypes.code, filter.nodeTypeCode),
    filter.isActive === undefined ? undefined : eq(orgNodes.isActive, filter.isActive),
  );
  return paged(
    executor
      .select({
        id: orgNodes.id,
        code: orgNodes.code,
        nameEn: orgNodes.nameEn,
        nameAr: orgNodes.nameAr,
        nodeTypeCode: nodeTypes.code,
        parentId: orgNodes.parentId,
        parentCode: parents.code,
        isActive: orgNodes.isActive,
      })
      .from(orgNodes)
      .innerJoin(nodeTypes, eq(nodeTypes.id, orgNodes.nodeTypeId))
      .leftJoin(parents, eq(parents.id, orgNodes.parentId))
      .where(where)
      .orderBy(asc(orgNodes.code))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(orgNodes)
      .innerJoin(nodeTypes, eq(nodeTypes.id, orgNodes.nodeTypeId))
      .where(where),
  );
}
