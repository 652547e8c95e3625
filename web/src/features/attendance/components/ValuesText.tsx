import { Badge, Group, Text } from '@mantine/core';

/** A record's values as one reads them: the times left to right in either language, then the status. */
export function ValuesText({
  values,
}: {
  values: { Time_In: string | null; Time_Out: string | null; statusCode: string };
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">
        <bdi dir="ltr">
          {values.Time_In ?? '—'}–{values.Time_Out ?? '—'}
        </bdi>
      </Text>
      <Badge color="gray" variant="light">
        <bdi>{values.statusCode}</bdi>
      </Badge>
    </Group>
  );
}
