import { Alert, Checkbox, List, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '../lib/api/client';
import { formatDay, formatList, isolated, localName } from '../lib/i18n/format';
import { useLanguage, useT } from '../lib/i18n/I18nProvider';
import { useReasonName } from './RuleReasons';
import { useWarningText } from './warningText';

type PublicationCompliance = Schemas['PublicationCompliance'];

/** Whether the list holds anything the planner must confirm having read. */
export const needsConfirmation = (compliance: PublicationCompliance) =>
  compliance.brokenCount + compliance.warningCount > 0;

/**
 * Every rule a version breaks and every warning, per person, in the reader's language: read before
 * publishing (with anything listed, the box the planner ticks to publish all the same) and before approving.
 */
export function PublicationComplianceList({
  compliance,
  title,
  confirmation,
}: {
  compliance: PublicationCompliance;
  title: string;
  confirmation?: { label: string; confirmed: boolean; onConfirm: (confirmed: boolean) => void };
}) {
  const t = useT();
  const lang = useLanguage();
  const reasonName = useReasonName();
  const warningText = useWarningText();
  const days = (dates: string[]) =>
    formatList(
      lang,
      dates.map((date) => formatDay(lang, date)),
    );
  if (!needsConfirmation(compliance))
    return (
      <Text c="dimmed" data-testid="compliance-clear">
        {t('compliance.clear')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="compliance">
      <Title order={3} size="h6">
        {title}
      </Title>
      <Alert color={compliance.brokenCount ? 'red' : 'yellow'} data-testid="compliance-summary">
        {t('compliance.summary', {
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
                  {t('compliance.broken', {
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
      {confirmation && (
        <Checkbox
          label={confirmation.label}
          checked={confirmation.confirmed}
          onChange={(event) => confirmation.onConfirm(event.currentTarget.checked)}
          data-testid="compliance-confirm"
        />
      )}
    </Stack>
  );
}
