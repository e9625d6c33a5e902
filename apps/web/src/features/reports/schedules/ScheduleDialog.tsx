import { ReportExportErrorType, type ScheduleFrequency } from '@maya/contracts';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../shared/api/ApiError';
import { describeApiError } from '../../../shared/api/describeError';
import { useCurrentUser } from '../../../shared/user';
import { showToast } from '../../../shared/ui/toast';
import { scheduleMessages as text } from '../exports/messages';
import { useCreateSchedule } from './hooks';
import { ScheduleList } from './ScheduleList';
import { hourLabel, timeZones } from './time';

/** A bookmark of the report the user sees in its menu: what a schedule may mail instead of the view. */
export type SchedulableBookmark = { id: string; name: string };

/** The "What to send" value of the view on screen. */
const THIS_VIEW = '';

type ScheduleFormProps = {
  organizationId: string;
  reportSlug: string;
  /** The report's name: what the mail calls it unless renamed. */
  defaultName: string;
  /** The view on screen (encoded): what the PDF shows. */
  state: string;
  /** Owners and admins (not of a demo organization) may send outside the organization. */
  canSendOutside: boolean;
  /** The first recipient: the user's own address. */
  recipient: string | null;
  /** The report's bookmarks the user may mail instead of the view on screen. */
  bookmarks: readonly SchedulableBookmark[];
  onClose: () => void;
};

type Values = {
  /** THIS_VIEW or a bookmark's id. */
  what: string;
  name: string;
  frequency: ScheduleFrequency;
  weekday: string;
  monthDay: string;
  hour: string;
  timeZone: string;
  recipients: string[];
};

const EMAIL = /^\S+@\S+\.\S+$/;

/** The form of a new schedule: what, when, in which zone, to whom. */
function ScheduleForm({
  organizationId,
  reportSlug,
  defaultName,
  state,
  canSendOutside,
  recipient,
  bookmarks,
  onClose,
}: ScheduleFormProps) {
  const ref = { organizationId, reportSlug };
  const create = useCreateSchedule(ref);
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(), []);
  const hours = useMemo(
    () => Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) })),
    [],
  );
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      what: THIS_VIEW,
      name: defaultName,
      frequency: 'weekly',
      weekday: '1',
      monthDay: '1',
      hour: '8',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      recipients: recipient === null ? [] : [recipient],
    },
    validate: {
      name: (name) => (name.trim() === '' ? 'Required' : null),
      recipients: (list) => {
        if (list.length === 0) return 'Add at least one recipient';
        const bad = list.find((email) => !EMAIL.test(email));
        return bad === undefined ? null : text.invalidEmail(bad);
      },
    },
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const bookmarkId = values.what === THIS_VIEW ? null : values.what;
    const request = {
      organization_id: organizationId,
      // A bookmark's view is the server's to read, at every delivery.
      bookmark_id: bookmarkId,
      name: values.name.trim(),
      state: bookmarkId === null ? state : null,
      frequency: values.frequency,
      weekday: values.frequency === 'weekly' ? Number(values.weekday) : null,
      month_day: values.frequency === 'monthly' ? Number(values.monthDay) : null,
      hour: Number(values.hour),
      time_zone: values.timeZone,
      recipients: values.recipients,
    };
    create.mutate(request, {
      onSuccess: () => {
        showToast('success', text.created);
        form.setFieldValue('what', THIS_VIEW);
        form.setFieldValue('name', defaultName);
      },
      onError: (error) => {
        if (isApiError(error) && error.type === ReportExportErrorType.outsideRecipient) {
          form.setFieldError('recipients', String(error.detail?.message ?? ''));
        } else if (isApiError(error) && error.type === ReportExportErrorType.invalidTimeZone) {
          form.setFieldError('timeZone', String(error.detail?.message ?? ''));
        } else {
          setFailure(describeApiError(error));
        }
      },
    });
  });

  /** A bookmark's name replaces the name while it is still the one the choice before gave. */
  const nameOf = (what: string) =>
    what === THIS_VIEW ? defaultName : (bookmarks.find((b) => b.id === what)?.name ?? defaultName);
  const choose = (what: string | null) => {
    const next = what ?? THIS_VIEW;
    const { what: before, name } = form.getValues();
    if (name.trim() === nameOf(before)) form.setFieldValue('name', nameOf(next));
    form.setFieldValue('what', next);
  };

  const frequency = form.getValues().frequency;
  const chosen = form.getValues().what;
  return (
    <form onSubmit={submit} noValidate aria-label={text.title}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {bookmarks.length > 0 ? text.introBookmarks : text.intro}
        </Text>
        {bookmarks.length > 0 && (
          <Select
            label={text.what}
            description={chosen === THIS_VIEW ? undefined : text.bookmarkHint}
            data={[
              { value: THIS_VIEW, label: text.thisView },
              { group: text.bookmarks, items: bookmarks.map((b) => ({ value: b.id, label: b.name })) },
            ]}
            allowDeselect={false}
            value={chosen}
            onChange={choose}
          />
        )}
        <TextInput label={text.name} maxLength={200} required {...form.getInputProps('name')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="schedule-frequency">
            {text.frequency}
          </Text>
          <SegmentedControl
            aria-labelledby="schedule-frequency"
            fullWidth
            data={(['daily', 'weekly', 'monthly'] as const).map((value) => ({
              value,
              label: text.frequencies[value],
            }))}
            {...form.getInputProps('frequency')}
          />
        </Stack>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          {frequency === 'weekly' && (
            <Select
              label={text.weekday}
              data={text.weekdays.map((label, index) => ({ value: String(index + 1), label }))}
              allowDeselect={false}
              miw={150}
              {...form.getInputProps('weekday')}
            />
          )}
          {frequency === 'monthly' && (
            <Select
              label={text.monthDay}
              data={Array.from({ length: 28 }, (_, i) => String(i + 1))}
              allowDeselect={false}
              miw={120}
              {...form.getInputProps('monthDay')}
            />
          )}
          <Select
            label={text.hour}
            data={hours}
            allowDeselect={false}
            miw={110}
            {...form.getInputProps('hour')}
          />
        </Group>
        <Select
          label={text.timeZone}
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="—"
          {...form.getInputProps('timeZone')}
        />
        <TagsInput
          label={text.recipients}
          description={canSendOutside ? undefined : text.recipientsHint}
          placeholder={text.recipientsPlaceholder}
          splitChars={[',', ' ', ';']}
          {...form.getInputProps('recipients')}
        />
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {text.close}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {text.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Schedule delivery (issue 32): the view on screen, or one of the report's bookmarks, mailed as
 * PDF daily, weekly or monthly at an hour of the recipients' time zone, and the report's
 * schedules with "Send now" and delete.
 */
export function ScheduleDialog(props: Omit<ScheduleFormProps, 'recipient'>) {
  const user = useCurrentUser();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={text.title}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <Stack gap="md">
        {user.isPending ? (
          <Loader size="sm" aria-label={text.title} />
        ) : (
          <ScheduleForm {...props} recipient={user.data?.email ?? null} />
        )}
        <Divider />
        <ScheduleList organizationId={props.organizationId} reportSlug={props.reportSlug} />
      </Stack>
    </Modal>
  );
}
