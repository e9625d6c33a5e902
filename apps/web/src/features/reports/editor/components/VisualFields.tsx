import { reportLimits, type ReportFieldTable, type TimeGrain } from '@maya/contracts';
import {
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { VISUAL_KIND_LABELS, editorMessages } from '../messages';
import {
  hasAxis,
  hasLegend,
  hasSortAndLimit,
  onlyOneMeasure,
  type EditableKind,
  type VisualFormValues,
} from '../model/visualForm';

const text = editorMessages.visual;
const KINDS = Object.entries(VISUAL_KIND_LABELS).map(([value, label]) => ({ value, label }));
const GRAIN_LABELS: Record<TimeGrain, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

type VisualFieldsProps = {
  form: VisualFormValues;
  tables: readonly ReportFieldTable[];
  onChange: (change: Partial<VisualFormValues>) => void;
};

/** The add/edit visual form's inputs: chart type, data, measures, dimensions, sort and limit. */
export function VisualFields({ form, tables, onChange }: VisualFieldsProps) {
  const table = tables.find((t) => t.name === form.table);
  const measures = (table?.measures ?? []).map((m) => ({ value: m.name, label: m.label }));
  const dimensions = (table?.dimensions ?? []).map((d) => ({ value: d.name, label: d.label }));
  const dates = (table?.dimensions ?? []).filter((d) => d.type === 'date');
  const overTime = form.kind === 'line' || form.kind === 'area';
  const axisOptions = overTime ? dates.map((d) => ({ value: d.name, label: d.label })) : dimensions;
  const chosen = [form.axis, form.legend, ...form.dimensions, ...form.columns];
  const dateChosen = table?.dimensions.find((d) => d.type === 'date' && chosen.includes(d.name));
  const grains = (dateChosen?.grains ?? []).filter((g) => g !== 'day');
  const sortOptions = [
    ...(form.kind === 'table' || form.kind === 'matrix'
      ? dimensions.filter((d) => [...form.dimensions, ...form.columns].includes(d.value))
      : []),
    ...measures.filter((m) => form.measures.includes(m.value)),
  ];
  const one = onlyOneMeasure(form.kind) || (hasLegend(form.kind) && form.legend !== null);

  return (
    <Stack gap="sm">
      <Select
        label={text.chart}
        data={KINDS}
        value={form.kind}
        allowDeselect={false}
        onChange={(kind) => {
          if (kind === null) return;
          const next = kind as EditableKind;
          // A date axis stays only for a chart over time; a chart keeps what else it can show.
          const keepAxis =
            next === 'line' || next === 'area' ? dates.some((d) => d.name === form.axis) : true;
          onChange({ kind: next, axis: keepAxis ? form.axis : null });
        }}
      />
      <TextInput
        label={text.title}
        placeholder={text.titlePlaceholder}
        value={form.title}
        maxLength={200}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <Select
        label={text.table}
        data={tables.map((t) => ({ value: t.name, label: t.label }))}
        value={form.table}
        allowDeselect={false}
        searchable
        onChange={(name) => {
          if (name !== null && name !== form.table)
            onChange({
              table: name,
              measures: [],
              axis: null,
              legend: null,
              dimensions: [],
              columns: [],
              sortField: null,
            });
        }}
      />
      {one ? (
        <Select
          label={text.measure}
          data={measures}
          value={form.measures[0] ?? null}
          searchable
          onChange={(m) => onChange({ measures: m === null ? [] : [m] })}
        />
      ) : (
        <MultiSelect
          label={text.measures}
          data={measures}
          value={form.measures}
          searchable
          maxValues={form.kind === 'table' ? 20 : 10}
          onChange={(m) => onChange({ measures: m })}
        />
      )}
      {hasAxis(form.kind) && (
        <Select
          label={form.kind === 'pie' || form.kind === 'donut' ? text.legend : text.axis}
          data={axisOptions}
          value={form.axis}
          searchable
          onChange={(axis) => onChange({ axis })}
        />
      )}
      {hasLegend(form.kind) && (
        <Select
          label={text.legend}
          data={dimensions.filter((d) => d.value !== form.axis)}
          value={form.legend}
          clearable
          searchable
          placeholder={text.none}
          onChange={(legend) =>
            onChange({ legend, measures: legend === null ? form.measures : form.measures.slice(0, 1) })
          }
        />
      )}
      {(form.kind === 'table' || form.kind === 'matrix') && (
        <MultiSelect
          label={form.kind === 'matrix' ? text.rows : text.dimensions}
          data={dimensions}
          value={form.dimensions}
          searchable
          maxValues={form.kind === 'matrix' ? 5 : 10}
          onChange={(d) => onChange({ dimensions: d })}
        />
      )}
      {form.kind === 'matrix' && (
        <MultiSelect
          label={text.columns}
          data={dimensions.filter((d) => !form.dimensions.includes(d.value))}
          value={form.columns}
          searchable
          maxValues={3}
          onChange={(c) => onChange({ columns: c })}
        />
      )}
      {dateChosen !== undefined && grains.length > 0 && (
        <Select
          label={text.grain}
          data={[
            { value: 'day', label: GRAIN_LABELS.day },
            ...grains.map((g) => ({ value: g, label: GRAIN_LABELS[g] })),
          ]}
          value={form.grain ?? 'day'}
          allowDeselect={false}
          onChange={(g) => onChange({ grain: g === null || g === 'day' ? null : g })}
        />
      )}
      {form.kind === 'kpi' && (
        <Switch
          label={text.comparison}
          checked={form.comparison}
          disabled={table?.time_dimension === null}
          onChange={(e) => onChange({ comparison: e.currentTarget.checked })}
        />
      )}
      {(form.kind === 'table' || form.kind === 'matrix') && (
        <Switch
          label={text.totals}
          checked={form.totals}
          onChange={(e) => onChange({ totals: e.currentTarget.checked })}
        />
      )}
      {hasSortAndLimit(form.kind) && (
        <Group grow align="flex-start" gap="xs">
          {form.kind !== 'pie' && form.kind !== 'donut' && (
            <Select
              label={text.sortBy}
              data={sortOptions}
              value={form.sortField}
              clearable
              placeholder={text.none}
              onChange={(sortField) => onChange({ sortField })}
            />
          )}
          {form.sortField !== null && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {text.direction}
              </Text>
              <SegmentedControl
                size="xs"
                value={form.sortDirection}
                data={[
                  { value: 'desc', label: text.descending },
                  { value: 'asc', label: text.ascending },
                ]}
                onChange={(d) => onChange({ sortDirection: d === 'asc' ? 'asc' : 'desc' })}
              />
            </Stack>
          )}
          <NumberInput
            label={text.limit}
            placeholder={text.limitHint}
            min={1}
            max={
              form.kind === 'table' || form.kind === 'matrix'
                ? reportLimits.maxTableRows
                : reportLimits.maxPointsPerSeries
            }
            allowDecimal={false}
            value={form.limit ?? ''}
            onChange={(v) => onChange({ limit: typeof v === 'number' && v >= 1 ? Math.floor(v) : null })}
          />
        </Group>
      )}
    </Stack>
  );
}
