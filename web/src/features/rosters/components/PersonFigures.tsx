import { List, Stack, Text } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useReasonName } from '../../../components/RuleReasons';
import type { GridEmployee } from '../../../components/roster-grid/gridModel';
import type { RowSummary } from '../../../components/roster-grid/RosterGrid';
import { useWarningText } from '../../../components/warningText';
import { formatDay, formatList, formatMoney, formatNumber, isolated } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { PersonFigures, RosterPersonFigures } from '../api';
import classes from './PersonFigures.module.css';

/** Whether the checker finds the person near a limit or breaking a rule. */
export const hasWarning = (figures: PersonFigures | undefined) =>
  figures !== undefined && figures.warnings.length + figures.broken.length > 0;

/** The person's warnings and broken rules as sentences, in the reader's language. */
function useFindings() {
  const t = useT();
  const lang = useLanguage();
  const reasonName = useReasonName();
  const warningText = useWarningText();
  return (figures: PersonFigures) => {
    const days = (dates: string[]) =>
      formatList(
        lang,
        dates.map((date) => formatDay(lang, date)),
      );
    return {
      broken: figures.broken.map((broken) =>
        t('compliance.broken', { rule: reasonName(broken.rule), days: days(broken.dates) }),
      ),
      near: figures.warnings.map((warning) => warningText(warning, days)),
    };
  };
}

/** The figures in one sentence, for a screen reader and the row's detail. */
function useFiguresSentence() {
  const t = useT();
  const lang = useLanguage();
  return (figures: PersonFigures, currency: string) => {
    const sentence = t('rosters.figures.label', {
      hours: isolated(formatNumber(lang, figures.paidHours)),
      nights: figures.nights,
      weekends: figures.weekendShifts,
    });
    return figures.cost
      ? `${sentence}. ${t('rosters.figures.cost', { cost: isolated(formatMoney(lang, figures.cost.total, currency)) })}`
      : sentence;
  };
}

/**
 * The live roster's column of figures, one cell per person: hours, nights and weekend shifts, the cost,
 * and a mark when the checker finds them near a limit (its words in the title and the cell's label).
 * Narrow, the cell keeps hours, nights and the mark; the row's detail holds the rest.
 */
export function useFiguresColumn(
  figures: RosterPersonFigures | undefined,
  byEmployee: ReadonlyMap<string, PersonFigures>,
): RowSummary {
  const lang = useLanguage();
  const current = { t: useT(), findings: useFindings(), sentence: useFiguresSentence() };
  // The words through a ref: the column (and so every row) changes with the figures and the language only.
  const words = useRef(current);
  words.current = current;
  return useMemo(() => {
    const { t, findings, sentence } = words.current;
    return {
      header: (narrow: boolean) => (
        <span className={classes.header} title={t('rosters.figures.header')}>
          {t(narrow ? 'rosters.figures.headerShort' : 'rosters.figures.header')}
        </span>
      ),
      width: { narrow: 96, wide: 208 },
      render: (employee: GridEmployee, narrow: boolean) => {
        if (!figures) return { content: '…', label: t('rosters.figures.loading') };
        const own = byEmployee.get(employee.id);
        if (!own) return { content: '—', label: t('rosters.figures.noWork') };
        const found = findings(own);
        const mark = found.broken.length
          ? t('rosters.figures.breaks', { rules: found.broken.join('; ') })
          : found.near.length
            ? t('rosters.figures.near', { limits: found.near.join('; ') })
            : null;
        const numbers = {
          hours: formatNumber(lang, own.paidHours),
          nights: formatNumber(lang, own.nights),
          weekends: formatNumber(lang, own.weekendShifts),
        };
        const cost = own.cost && formatMoney(lang, own.cost.total, figures.currency);
        return {
          label: [sentence(own, figures.currency), mark].filter(Boolean).join('. '),
          content: (
            <>
              <span className={classes.line}>
                {t(narrow ? 'rosters.figures.narrowLine' : 'rosters.figures.line', numbers)}
              </span>
              <span className={classes.line}>
                {!narrow && cost}
                {mark && (
                  <span
                    className={found.broken.length ? classes.broken : classes.near}
                    title={mark}
                    data-testid="figures-mark"
                  >
                    ⚠
                    {narrow
                      ? ''
                      : ` ${t(found.broken.length ? 'rosters.figures.markBroken' : 'rosters.figures.mark')}`}
                  </span>
                )}
              </span>
            </>
          ),
        };
      },
    };
  }, [figures, byEmployee, lang]);
}

/** A person's figures in the row's detail (Enter or a tap on any of their cells): everything, in words. */
export function PersonFiguresDetail({
  figures,
  currency,
}: {
  figures: PersonFigures | undefined;
  currency: string;
}) {
  const t = useT();
  const lang = useLanguage();
  const findings = useFindings();
  const sentence = useFiguresSentence();
  if (!figures)
    return (
      <Text size="sm" c="dimmed" data-testid="person-figures">
        {t('rosters.figures.noWork')}
      </Text>
    );
  const found = findings(figures);
  return (
    <Stack gap={4} data-testid="person-figures">
      <Text size="sm" fw={600}>
        {t('rosters.figures.title')}
      </Text>
      <Text size="sm">{sentence(figures, currency)}</Text>
      {figures.cost && figures.cost.unratedHours !== '0.00' && (
        <Text size="sm" c="dimmed">
          {t('rosters.figures.unrated', {
            hours: isolated(formatNumber(lang, Number(figures.cost.unratedHours))),
          })}
        </Text>
      )}
      {found.broken.length + found.near.length > 0 && (
        <List size="sm" spacing={2}>
          {found.broken.map((text) => (
            <List.Item key={text} c="red.9">
              {text}
            </List.Item>
          ))}
          {found.near.map((text) => (
            <List.Item key={text} data-testid="figures-warning">
              {text}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
