import type { ReportSchedule } from '@maya/contracts';
import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { describeApiError } from '../../../shared/api/describeError';
import { IconSend, IconTrash } from '../../../shared/ui/icons';
import { showToast } from '../../../shared/ui/toast';
import { scheduleMessages as text } from '../exports/messages';
import { useDeleteSchedule, useSchedules, useSendScheduleNow } from './hooks';
import { formatInZone, hourLabel } from './time';

type ScheduleListProps = { organizationId: string; reportSlug: string };

/** When a schedule goes out, in words: "Weekly on Monday at 08:00 (Europe/Berlin)". */
function describe(schedule: ReportSchedule): string {
  const frequency =
    schedule.frequency === 'weekly' && schedule.weekday !== null
      ? `${text.frequencies.weekly} on ${text.weekdays[schedule.weekday - 1] ?? ''}`
      : schedule.frequency === 'monthly' && schedule.month_day !== null
        ? `${text.frequencies.monthly} on day ${schedule.month_day}`
        : text.frequencies[schedule.frequency];
  return text.describe(frequency, hourLabel(schedule.hour), schedule.time_zone);
}

/** The report's scheduled deliveries: when, to whom, the next one; send now or delete. */
export function ScheduleList({ organizationId, reportSlug }: ScheduleListProps) {
  const ref = { organizationId, reportSlug };
  const schedules = useSchedules(ref);
  const remove = useDeleteSchedule(ref);
  const send = useSendScheduleNow(ref);

  const sendNow = (id: string) =>
    send.mutate(id, {
      onSuccess: () => showToast('success', text.sent),
      onError: (error) => showToast('error', describeApiError(error)),
    });

  return (
    <Stack gap="xs" aria-label={text.existing} component="section">
      <Text size="sm" fw={600}>
        {text.existing}
      </Text>
      {schedules.isPending && <Loader size="sm" aria-label={text.existing} />}
      {schedules.isError && (
        <Alert color="red" variant="light">
          {describeApiError(schedules.error)}
        </Alert>
      )}
      {schedules.data?.schedules.length === 0 && (
        <Text size="sm" c="dimmed">
          {text.none}
        </Text>
      )}
      {schedules.data?.schedules.map((schedule) => (
        <Paper key={schedule.id} component="section" withBorder radius="md" p="sm" aria-label={schedule.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} truncate>
                {schedule.name}
              </Text>
              <Text size="xs" c="dimmed">
                {describe(schedule)}
              </Text>
              <Text size="xs" c="dimmed" truncate title={schedule.recipients.join(', ')}>
                {schedule.recipients.join(', ')}
              </Text>
              <Text size="xs" c="dimmed">
                {text.next(formatInZone(schedule.next_run_at, schedule.time_zone))}
              </Text>
              {schedule.last_error !== null && (
                <Text size="xs" c="red.7">
                  {text.failing(schedule.last_error)}
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} />}
                loading={send.isPending && send.variables === schedule.id}
                onClick={() => sendNow(schedule.id)}
              >
                {text.sendNow}
              </Button>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={text.remove(schedule.name)}
                loading={remove.isPending && remove.variables === schedule.id}
                onClick={() => remove.mutate(schedule.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
