import { encodeReportState, reportNameIssue, type ReportState } from '@maya/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useReportList } from '../../hooks/useReportList';
import { saveAsError, saveAsMessages as text } from './messages';
import { useSaveReportAs } from './useSaveReportAs';
import { showToast } from '../../../../shared/ui/toast';

type SaveReportAsDialogProps = {
  organizationId: string;
  organizationSlug: string;
  /** The report on screen, copied. */
  sourceSlug: string;
  /** The view on screen; null saves the report as it is. */
  state: ReportState | null;
  onClose: () => void;
};

/**
 * spec 002 §2 Report save-as dialog: asks a report name (§5: 'Required', 'Report name cannot start
 * with dash (-)', 'Duplicate or reserved name'), saves the view as a custom report and opens it.
 */
export function SaveReportAsDialog({
  organizationId,
  organizationSlug,
  sourceSlug,
  state,
  onClose,
}: SaveReportAsDialogProps) {
  const navigate = useNavigate();
  const save = useSaveReportAs();
  const reports = useReportList(organizationId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: {
      // The whole rule, as the server applies it; the list the sidebar loaded names the taken slugs
      // and the built-ins' displayed names.
      name: (name) => {
        const listed = reports.data?.reports ?? [];
        return reportNameIssue(
          name,
          listed.map((r) => r.slug),
          listed.filter((r) => !r.is_custom).map((r) => r.name),
        );
      },
    },
  });

  const submit = form.onSubmit(({ name }) => {
    setFailure(null);
    save.mutate(
      {
        organization_id: organizationId,
        name: name.trim(),
        source_slug: sourceSlug,
        state: state === null ? null : encodeReportState(state),
      },
      {
        onSuccess: (report) => {
          onClose();
          // The toast confirms what was saved, on the saved report that opens under it.
          showToast('success', text.saved(report.name));
          void navigate(`/organization/${organizationSlug}/dashboard/${report.slug}`);
        },
        onError: (error) => {
          const answer = saveAsError(error);
          if (answer.field === 'name') form.setFieldError('name', answer.message);
          else setFailure(answer.message);
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={text.title} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label={text.title}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {text.hint}
          </Text>
          <TextInput
            label={text.nameLabel}
            placeholder={text.namePlaceholder}
            maxLength={100}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          {failure !== null && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
