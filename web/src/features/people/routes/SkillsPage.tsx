import { Anchor, Badge, Group, Select, SimpleGrid, Table, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCatalogue, useCodeNames } from '../../../lib/api/lookups';
import { localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useSkills } from '../api';
import { PagedTable, useListParams } from '../components/shared';

/** Production skills, each with the certifications it requires; a skill opens on its holders. */
export default function SkillsPage() {
  const t = useT();
  const names = useCodeNames();
  const lang = useLanguage();
  const { values, page, set } = useListParams(['q', 'category'] as const);
  const [search, setSearch] = useState(values.q);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== values.q) set({ q: search.trim() });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, values.q, set]);
  const skills = useSkills(values.q, values.category, page);
  const categories = useCatalogue('skill-categories');
  const categoryName = new Map((categories.data ?? []).map((c) => [c.code, localName(lang, c)]));
  return (
    <>
      <PageHeader title={t('people.skills.title')} description={t('people.skills.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        <TextInput
          type="search"
          label={t('people.skills.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          label={t('people.skills.category')}
          data={(categories.data ?? []).map((c) => ({ value: c.code, label: localName(lang, c) }))}
          value={values.category || null}
          onChange={(value) => set({ category: value ?? '' })}
          clearable
        />
      </SimpleGrid>
      <PagedTable
        query={skills}
        empty={t('people.skills.empty')}
        caption={t('people.skills.title')}
        head={[
          t('people.skills.name'),
          t('people.skills.code'),
          t('people.skills.category'),
          t('people.skills.requires'),
        ]}
        page={page}
        onPage={(p) => set({ page: String(p) })}
      >
        {(skill) => (
          <Table.Tr key={skill.id} data-testid="skill-row">
            <Table.Td>
              <Anchor component={Link} to={paths.skill(skill.id)}>
                {localName(lang, skill)}
              </Anchor>
              {!skill.isActive && (
                <Badge ms="xs" color="gray" size="sm">
                  {t('people.skills.inactive')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <bdi>{skill.code}</bdi>
            </Table.Td>
            <Table.Td>
              {skill.categoryCode ? (categoryName.get(skill.categoryCode) ?? skill.categoryCode) : '—'}
            </Table.Td>
            <Table.Td>
              {skill.requiresCertification && skill.requiredCertifications.length > 0 ? (
                <Group gap={4}>
                  {skill.requiredCertifications.map((code) => (
                    <Badge key={code} variant="light" tt="none">
                      {names.certification(code)}
                    </Badge>
                  ))}
                </Group>
              ) : (
                t('people.skills.none')
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </PagedTable>
    </>
  );
}
