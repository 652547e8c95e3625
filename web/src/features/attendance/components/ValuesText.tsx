import { Badge, Group, Text } from '@mantine/core';
import { AttendanceStatus } from '../../../components/AttendanceStatus';

/** A record's values as one reads them: the times left to right in either language, then the status. */
export function ValuesText({
  values,
}: {
  values: { Time_In: string | null; Time_Out: string | null; statusCode: string };
}) {
  const times =
    values.Time_In === null && values.Time_Out === null
      ? '—'
      : `${values.Time_In ?? '—'}–${values.Time_Out ?? '—'}`;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ flexShrink: 0 }}>
        <bdi dir="ltr">{times}</bdi>
      </Text>
      <Badge
        color="gray"
        variant="light"
        style={{ flexShrink: 0 }}
        styles={{ label: { overflow: 'visible' } }}
      >
        <AttendanceStatus code={values.statusCode} />
      </Badge>
    </Group>
  );
}
