import { Alert, List } from '@mantine/core';
import { useT } from '../../../lib/i18n/I18nProvider';
import type { Refusal, SchemaProblem } from '../logic';

function ProblemLine({ problem }: { problem: SchemaProblem }) {
  const t = useT();
  switch (problem.kind) {
    case 'missingSheet':
      return <>{t('imports.refused.missingSheet', { sheet: problem.sheet })}</>;
    case 'missingHeader':
      return <>{t('imports.refused.missingHeader', { sheet: problem.sheet, header: problem.header })}</>;
    case 'unknownHeader':
      return (
        <>
          {t('imports.refused.unknownHeader', {
            sheet: problem.sheet,
            header: problem.header,
            column: problem.column,
          })}
        </>
      );
    default:
      return (
        <bdi>
          {problem.path}: {problem.message}
        </bdi>
      );
  }
}

/** An upload refused before any job, worded for the person who chose the file, with what to do next. */
export function RefusalNotice({ refusal }: { refusal: Refusal }) {
  const t = useT();
  const title = t(`imports.refused.${refusal.kind}.title`);
  return (
    <Alert
      color={refusal.kind === 'busy' ? 'orange' : 'red'}
      title={title}
      role="alert"
      data-testid="upload-refusal"
    >
      {refusal.kind === 'wrongHeaders' ? (
        <>
          {t('imports.refused.wrongHeaders.body')}
          <List size="sm" mt="xs">
            {refusal.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read once and never reordered
              <List.Item key={index}>
                <ProblemLine problem={problem} />
              </List.Item>
            ))}
          </List>
        </>
      ) : refusal.kind === 'busy' ? (
        refusal.retryAfter === null ? (
          t('imports.refused.busy.body')
        ) : (
          t('imports.refused.busy.bodyAfter', { seconds: refusal.retryAfter })
        )
      ) : refusal.kind === 'other' ? (
        (refusal.detail ?? t('error.network'))
      ) : (
        t(`imports.refused.${refusal.kind}.body`)
      )}
    </Alert>
  );
}
