import { Pagination } from '@mantine/core';
import { useT } from '../lib/i18n/I18nProvider';

/** Page links of a list, each control named for screen readers, in the reader's language. */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const t = useT();
  if (total <= pageSize) return null;
  return (
    <Pagination
      mt="md"
      value={page}
      onChange={onChange}
      total={Math.ceil(total / pageSize)}
      getControlProps={(control) => ({
        'aria-label': t(control === 'next' || control === 'last' ? 'pager.next' : 'pager.previous'),
      })}
      getItemProps={(item) => ({ 'aria-label': t('pager.page', { page: item }) })}
    />
  );
}
