import { Badge, Table, Text } from '@mantine/core';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { useT } from '../../../lib/i18n/I18nProvider';
import { PAGE_SIZE } from '../api';

/** A list's state in the address, so that back, reload and a shared link show the same page. */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Changing a filter goes back to the first page; changing the page keeps the filters. */
  const set = useCallback(
    (changes: Partial<Record<K | 'page', string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes) as [string, string | undefined][]) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { values, page, set };
}

/** A table that scrolls sideways inside itself on a narrow screen, never widening the page. */
export function ListTable({
  caption,
  head,
  children,
  minWidth = 560,
}: {
  caption: string;
  head: ReactNode[];
  children: ReactNode;
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed for a table
              <Table.Th key={index}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A page of a list the service pages: its words when nothing is found, else its table (a row per item)
 * and the links to the other pages; `summary`, when given, stands above either.
 */
export function PagedTable<T>({
  query,
  empty,
  summary,
  page,
  onPage,
  children,
  ...table
}: {
  query: { isPending: boolean; error: unknown; data?: { items: T[]; total: number } };
  empty: string;
  summary?: (total: number) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
  caption: string;
  head: ReactNode[];
  minWidth?: number;
}) {
  const data = query.data;
  return (
    <QueryState query={query}>
      {data && (
        <>
          {summary?.(data.total)}
          {data.items.length === 0 ? (
            <Text c="dimmed">{empty}</Text>
          ) : (
            <ListTable {...table}>{data.items.map(children)}</ListTable>
          )}
          <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onChange={onPage} />
        </>
      )}
    </QueryState>
  );
}

/** Where an employee's home pool comes from: an explicit membership or the department's default. */
export function PoolSource({ source }: { source: 'explicit' | 'department-default' }) {
  const t = useT();
  return (
    <Badge variant="light" color={source === 'explicit' ? 'blue' : 'gray'} size="sm">
      {t(source === 'explicit' ? 'people.pool.explicit' : 'people.pool.departmentDefault')}
    </Badge>
  );
}
