import { CalculatedMeasureSchema, type CalculatedMeasure, type ReportFieldTable } from '@maya/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { IconPencil, IconPlus, IconTrash } from '../../../../shared/ui/icons';
import { reportKeys } from '../../api/keys';
import { checkFormula } from '../api/editor';
import { useReportFields } from '../hooks/useReportFields';
import type { ReportEditor } from '../hooks/useReportEditor';
import { EditorDrawer } from './EditorDrawer';
import { editorMessages } from '../messages';
import { deleteMetric, metricUsers, saveMetric } from '../model/operations';

const text = editorMessages.metric;
type MetricKey = Pick<CalculatedMeasure, 'table' | 'name'>;

/** A field name from the metric's name: `Cost per acquisition` is `cost_per_acquisition`. */
export function metricKey(label: string): string {
  const key = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return /^[a-z_]/.test(key) ? key : `m_${key}`;
}

/** Calculated metrics (issue 32): the draft's formulas over measures, each checked as it is typed. */
export function MetricsPanel({ editor, onClose }: { editor: ReportEditor; onClose: () => void }) {
  const metrics = editor.document.calculatedMeasures ?? [];
  const [editing, setEditing] = useState<MetricKey | 'new' | null>(metrics.length === 0 ? 'new' : null);
  const edited =
    editing === 'new' || editing === null
      ? null
      : metrics.find((m) => m.table === editing.table && m.name === editing.name);
  return (
    <EditorDrawer onClose={onClose} title={editorMessages.metrics}>
      <Stack gap="sm">
        {metrics.length === 0 && (
          <Text size="sm" c="dimmed">
            {text.none}
          </Text>
        )}
        {metrics.map((m) => {
          const users = metricUsers(editor.document, m);
          return (
            <Paper key={`${m.table}.${m.name}`} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} miw={0}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {m.label}
                    </Text>
                    <Badge size="xs" variant="light">
                      {text.formats[m.format]}
                    </Badge>
                  </Group>
                  <Text size="xs" ff="monospace" c="dimmed" truncate>
                    {m.formula}
                  </Text>
                  {users.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {text.inUse(users)}
                    </Text>
                  )}
                </Stack>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${editorMessages.grid.edit} ${m.label}`}
                    onClick={() => setEditing(m)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${text.delete} ${m.label}`}
                    disabled={users.length > 0}
                    onClick={() => editor.change((doc) => deleteMetric(doc, m))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
        <Divider />
        {editing === null ? (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {text.add}
          </Button>
        ) : (
          <MetricForm
            key={edited === null || edited === undefined ? 'new' : `${edited.table}.${edited.name}`}
            editor={editor}
            metric={edited ?? null}
            onDone={() => setEditing(null)}
          />
        )}
      </Stack>
    </EditorDrawer>
  );
}

type MetricFormProps = { editor: ReportEditor; metric: CalculatedMeasure | null; onDone: () => void };

/** The metric's form once the model's tables are known. */
function MetricForm(props: MetricFormProps) {
  const all = props.editor.document.calculatedMeasures ?? [];
  // A formula reads the metrics before it: an edited one those before it, a new one all of them.
  const { metric } = props;
  const at =
    metric === null ? all.length : all.findIndex((m) => m.table === metric.table && m.name === metric.name);
  const before = all.slice(0, at);
  const { tables } = useReportFields(props.editor.organizationId, props.editor.slug, before);
  if (tables === undefined) return <Loader size="sm" />;
  return <MetricFields {...props} tables={tables} at={at} before={before} />;
}

function MetricFields({
  editor,
  metric,
  onDone,
  tables,
  at,
  before,
}: MetricFormProps & { tables: ReportFieldTable[]; at: number; before: CalculatedMeasure[] }) {
  const all = editor.document.calculatedMeasures ?? [];
  const form = useForm<CalculatedMeasure>({
    initialValues: metric ?? {
      table: tables[0]?.name ?? '',
      name: '',
      label: '',
      formula: '',
      format: 'number',
    },
    validate: zod4Resolver(CalculatedMeasureSchema, { errorPriority: 'first' }),
  });
  const values = form.getValues();
  const [checked] = useDebouncedValue(values, 300);
  const check = useQuery({
    queryKey: reportKeys.formula(editor.organizationId, editor.slug, { metric: checked, before }),
    queryFn: ({ signal }) => checkFormula(editor.organizationId, editor.slug, checked, before, signal),
    enabled: checked.formula.trim() !== '' && checked.name !== '' && checked.label.trim() !== '',
    staleTime: Infinity,
  });
  const taken = all.some((m, i) => i !== at && m.table === values.table && m.name === values.name);
  const formulaError = check.data?.error ?? null;
  const stale = JSON.stringify(checked) !== JSON.stringify(values) || check.isFetching;
  const submit = form.onSubmit((next) => {
    if (taken || formulaError !== null || stale) return;
    editor.change((doc) => saveMetric(doc, next, metric));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={text.table}
          data={tables.map((t) => ({ value: t.name, label: t.label }))}
          allowDeselect={false}
          disabled={metric !== null}
          {...form.getInputProps('table')}
        />
        <TextInput
          label={text.label}
          placeholder="CPA"
          {...form.getInputProps('label')}
          onChange={(e) => {
            const label = e.currentTarget.value;
            form.setFieldValue('label', label);
            if (metric === null) form.setFieldValue('name', metricKey(label));
          }}
        />
        <TextInput
          label={text.formula}
          description={text.formulaHint}
          placeholder="spend / conversions"
          ff="monospace"
          {...form.getInputProps('formula')}
          error={
            form.errors.formula ??
            (formulaError === null
              ? undefined
              : formulaError.position === null
                ? formulaError.message
                : `${formulaError.message} (at character ${String(formulaError.position + 1)})`)
          }
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {taken
            ? text.keyTaken
            : stale && values.formula.trim() !== ''
              ? text.checking
              : `${text.key}: ${values.name || '—'}`}
        </Text>
        <SegmentedControl
          aria-label={text.format}
          data={(['currency', 'percent', 'number'] as const).map((f) => ({
            value: f,
            label: text.formats[f],
          }))}
          value={values.format}
          onChange={(format) => form.setFieldValue('format', format)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {editorMessages.visual.cancel}
          </Button>
          <Button type="submit" disabled={taken || formulaError !== null || stale}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
