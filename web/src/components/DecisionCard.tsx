import { Alert, Button, Card, Group, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api/client';
import { localName } from '../lib/i18n/format';
import { useLanguage, useT } from '../lib/i18n/I18nProvider';
import { problemText } from './QueryState';

/** One way of deciding: its button, and whether it needs a comment (the words shown until there is one). */
export interface Decision<D extends string> {
  value: D;
  label: string;
  color: 'green' | 'red';
  needsComment?: string;
}

/**
 * Something of a person awaiting the caller's decision: who, what (`children`), an optional comment, the
 * service's refusal if there was one, and a button per decision.
 */
export function DecisionCard<D extends string>({
  employee,
  aside,
  children,
  commentLabel,
  decisions,
  decide,
  footer,
  attributes,
}: {
  employee: { employeeNumber: string; Name_1_English: string; Name_2_Arabic?: string | null };
  /** Beside the name: a state, a date, a link. */
  aside: ReactNode;
  children: ReactNode;
  commentLabel: string;
  decisions: Decision<D>[];
  /** The decision's mutation: sent with the comment, its progress and refusal shown here. */
  decide: {
    mutate: (decision: D, comment: string) => void;
    pending: D | null;
    error: unknown;
  };
  /** After the buttons. */
  footer?: ReactNode;
  /** The card's `data-` attributes (what tests find it by). */
  attributes: Record<`data-${string}`, string>;
}) {
  const t = useT();
  const lang = useLanguage();
  const [comment, setComment] = useState('');
  const missing = comment.trim() === '';
  return (
    <Card withBorder {...attributes}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700}>
          {localName(lang, employee)} <bdi dir="ltr">({employee.employeeNumber})</bdi>
        </Text>
        {aside}
      </Group>
      {children}
      <Textarea
        mt="sm"
        label={commentLabel}
        autosize
        minRows={1}
        maxLength={1000}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      {decide.error !== null && decide.error !== undefined && (
        <Alert color="red" mt="sm" role="alert">
          {decide.error instanceof ApiError ? problemText(t, decide.error) : t('error.network')}
        </Alert>
      )}
      <Group mt="sm" gap="sm">
        {decisions.map((decision) => (
          <Button
            key={decision.value}
            color={decision.color}
            variant={decision.color === 'red' ? 'light' : 'filled'}
            loading={decide.pending === decision.value}
            disabled={decision.needsComment !== undefined && missing}
            title={decision.needsComment !== undefined && missing ? decision.needsComment : undefined}
            onClick={() => decide.mutate(decision.value, comment)}
          >
            {decision.label}
          </Button>
        ))}
        {footer}
      </Group>
    </Card>
  );
}
