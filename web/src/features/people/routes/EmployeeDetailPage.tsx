import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useCatalogue } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useEmployee } from '../api';
import { expiryLevel } from '../certifications';
import { ListTable, PoolSource } from '../components/shared';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** One employee: who, where, home pool and its source, skills with levels, certifications, groups. */
export default function EmployeeDetailPage() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const { id = '' } = useParams();
  const employee = useEmployee(id);
  const departments = useCatalogue('departments');
  const statuses = useCatalogue('employee-statuses');
  const levels = useCatalogue('skill-levels');
  const statusName = new Map((statuses.data ?? []).map((s) => [s.code, localName(lang, s)]));
  const levelName = new Map((levels.data ?? []).map((l) => [l.code, localName(lang, l)]));
  const e = employee.data;
  const department = e?.departmentId ? departments.data?.find((d) => d.id === e.departmentId) : undefined;
  return (
    <>
      <PageHeader
        title={e ? localName(lang, e) : t('people.employee.title')}
        description={e ? t('people.employee.number', { number: e.employeeNumber }) : undefined}
        actions={
          <Anchor component={Link} to={paths.employees}>
            {t('people.employee.back')}
          </Anchor>
        }
      />
      <QueryState query={employee}>
        {e && (
          <Stack gap="lg">
            <Card withBorder>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                <Fact label={t('people.employees.name')}>
                  <div>
                    <bdi lang="en">{e.Name_1_English}</bdi>
                  </div>
                  <div>
                    <bdi lang="ar">{e.Name_2_Arabic}</bdi>
                  </div>
                </Fact>
                <Fact label={t('people.employees.department')}>
                  {department ? localName(lang, department) : (e.departmentCode ?? '—')}
                </Fact>
                <Fact label={t('people.employees.grade')}>
                  <bdi>{e.gradeCode ?? '—'}</bdi>
                </Fact>
                <Fact label={t('people.employees.status')}>{statusName.get(e.Status) ?? e.Status}</Fact>
                <Fact label={t('people.employee.hired')}>
                  {e.hireDate ? formatDay(lang, e.hireDate) : '—'}
                </Fact>
                <Fact label={t('people.employee.ended')}>{e.endDate ? formatDay(lang, e.endDate) : '—'}</Fact>
                <Fact label={t('people.employees.homePool')}>
                  {e.homePool ? (
                    <Group gap={6} data-testid="home-pool">
                      <bdi>{e.homePool.code}</bdi>
                      <PoolSource source={e.homePool.source} />
                    </Group>
                  ) : (
                    t('people.employee.noPool')
                  )}
                </Fact>
              </SimpleGrid>
            </Card>

            <section aria-labelledby="skills-title">
              <Title order={2} size="h4" mb="xs" id="skills-title">
                {t('people.employee.skills')}
              </Title>
              {e.skills.length === 0 ? (
                <Text c="dimmed">{t('people.employee.noSkills')}</Text>
              ) : (
                <ListTable
                  caption={t('people.employee.skills')}
                  minWidth={320}
                  head={[t('people.skills.name'), t('people.skills.level')]}
                >
                  {e.skills.map((skill) => (
                    <Table.Tr key={skill.skillId} data-testid="employee-skill">
                      <Table.Td>
                        {has('skill.view') ? (
                          <Anchor component={Link} to={paths.skill(skill.skillId)}>
                            {localName(lang, skill)}
                          </Anchor>
                        ) : (
                          localName(lang, skill)
                        )}
                      </Table.Td>
                      <Table.Td>
                        {skill.levelCode ? (levelName.get(skill.levelCode) ?? skill.levelCode) : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </ListTable>
              )}
            </section>

            <section aria-labelledby="certs-title">
              <Title order={2} size="h4" mb="xs" id="certs-title">
                {t('people.employee.certifications')}
              </Title>
              {e.certifications.length === 0 ? (
                <Text c="dimmed">{t('people.employee.noCertifications')}</Text>
              ) : (
                <ListTable
                  caption={t('people.employee.certifications')}
                  head={[
                    t('people.certs.code'),
                    t('people.certs.issued'),
                    t('people.certs.expires'),
                    t('people.certs.status'),
                  ]}
                >
                  {e.certifications.map((cert) => {
                    const level = expiryLevel(cert);
                    return (
                      <Table.Tr key={cert.id}>
                        <Table.Td>
                          <bdi>{cert.certificationCode}</bdi>
                        </Table.Td>
                        <Table.Td>{formatDay(lang, cert.issuedOn)}</Table.Td>
                        <Table.Td>
                          {cert.expiresOn ? formatDay(lang, cert.expiresOn) : t('certs.noExpiry')}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6}>
                            <Badge color={cert.Status === 'Active' ? 'green' : 'gray'} variant="light">
                              {t(`certs.status.${cert.Status}`)}
                            </Badge>
                            {level === 'soon' && cert.Status === 'Active' && (
                              <Badge color="orange" variant="light">
                                {t('certs.expiresIn', { count: cert.daysToExpiry ?? 0 })}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </ListTable>
              )}
            </section>

            <section aria-labelledby="groups-title">
              <Title order={2} size="h4" mb="xs" id="groups-title">
                {t('people.employee.groups')}
              </Title>
              {e.groups.length === 0 ? (
                <Text c="dimmed">{t('people.employee.noGroups')}</Text>
              ) : (
                <Group gap="xs">
                  {e.groups.map((group) => (
                    <Badge
                      key={group.id}
                      variant="outline"
                      size="lg"
                      tt="none"
                      component={Link}
                      to={paths.employeeGroup(group.id)}
                      style={{ cursor: 'pointer' }}
                    >
                      {localName(lang, group)}
                    </Badge>
                  ))}
                </Group>
              )}
            </section>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
