import { Card, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A figure of the dashboard: its label, its value, a hint, and the screen it leads to. A link's name is
 * its visible text, so that what a person reads is what they say to a voice control (WCAG 2.5.3).
 */
export function Tile({
  label,
  value,
  hint,
  to,
}: {
  label: string;
  value: string;
  hint?: string;
  to?: string;
}) {
  const body = (
    <Card withBorder h="100%" data-testid="tile">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="2rem">
        {value}
      </Text>
      {hint && <Text size="xs">{hint}</Text>}
    </Card>
  );
  return to ? (
    <UnstyledButton component={Link} to={to}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}
