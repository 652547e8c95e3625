import { Card, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

/** A figure of the dashboard: its label, its value, a hint, and the screen it leads to. */
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
    <UnstyledButton component={Link} to={to} aria-label={`${label}: ${value}`}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}
