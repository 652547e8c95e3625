import { Alert, Checkbox, List, Stack, Text, Title } from '@mantine/core';
import { useReasonName } from '../../../components/RuleReasons';
import { useCodeNames } from '../../../lib/api/lookups';
import { formatDay, formatNumber, isolated, localName } from '../../../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { PublicationCompliance } from '../api';

type Person = PublicationCompliance['people'][number];
type ComplianceWarning = Person['warnings'][number];

/** Whether the list holds anything the planner must confirm having read. */
export const needsConfirmation = (compliance: PublicationCompliance) =>
  compliance.brokenCount + compliance.warningCount > 0;

/**
 * Before publishing: every rule the version would break and every warning, per person, in the reader's
 * language; with anything listed, the box the planner ticks to publish all the same.
 */
export function PublicationComplianceList({
  compliance,
  confirmed,
  onConfirm,
}: {
  compliance: PublicationCompliance;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const reasonName = useReasonName();
  const warningText = useWarningText();
  const days = (dates: string[]) =>
    new Intl.ListFormat(lang).format(dates.map((date) => formatDay(lang, date)));
  if (!needsConfirmation(compliance))
    return (
      <Text c="dimmed" data-testid="compliance-clear">
        {t('rosters.compliance.clear')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="compliance">
      <Title order={3} size="h6">
        {t('rosters.compliance.title')}
      </Title>
      <Alert color={compliance.brokenCount ? 'red' : 'yellow'} data-testid="compliance-summary">
        {t('rosters.compliance.summary', {
          broken: compliance.brokenCount,
          warnings: compliance.warningCount,
          people: compliance.people.length,
        })}
      </Alert>
      <List size="sm" spacing={4} listStyleType="none" ps={0}>
        {compliance.people.map((person) => (
          <List.Item
            key={person.employee.id}
            data-testid="compliance-person"
            data-employee={person.employee.employeeNumber}
          >
            <Text size="sm" fw={600}>
              {isolated(localName(lang, person.employee))} ({isolated(person.employee.employeeNumber)})
            </Text>
            <List size="sm" withPadding>
              {person.broken.map((broken) => (
                <List.Item key={broken.rule} c="red.9" data-rule={broken.rule}>
                  {t('rosters.compliance.broken', {
                    rule: reasonName(broken.rule),
                    days: days(broken.dates),
                  })}
                </List.Item>
              ))}
              {person.warnings.map((warning) => (
                <List.Item
                  key={`${warning.rule}-${warning.certification ?? ''}-${warning.dates.join(',')}`}
                  data-rule={warning.rule}
                >
                  {warningText(warning, days)}
                </List.Item>
              ))}
            </List>
          </List.Item>
        ))}
      </List>
      <Checkbox
        label={t('rosters.compliance.confirm')}
        checked={confirmed}
        onChange={(event) => onConfirm(event.currentTarget.checked)}
        data-testid="compliance-confirm"
      />
    </Stack>
  );
}

function useWarningText() {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  return (warning: ComplianceWarning, days: (dates: string[]) => string) => {
    const last = warning.dates.at(-1) ?? warning.validTo ?? '';
    const text = t(`rosters.compliance.warning.${warning.rule}` as MessageId, {
      value: formatNumber(lang, warning.value ?? 0),
      limit: formatNumber(lang, warning.limit ?? 0),
      day: last ? formatDay(lang, last) : '',
      first: warning.dates[0] ? formatDay(lang, warning.dates[0]) : '',
      certification: warning.certification ? names.certification(warning.certification) : '',
      validTo: warning.validTo ? formatDay(lang, warning.validTo) : '',
    });
    return warning.rule === 'CERTIFICATION_EXPIRES' && warning.dates.length
      ? `${text} ${t('rosters.compliance.neededAfter', { days: days(warning.dates) })}`
      : text;
  };
}
