import type { RelativeDateFilter, TimeGrain } from '@maya/contracts';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { reportMessages } from '../../messages';
import { relativeDateCountProblem, relativeDateFilter } from '../../model/filters';

const { filters: text } = reportMessages;

/** spec 002 Filters: the units offered are days, weeks, months and years. */
const UNITS: TimeGrain[] = ['day', 'week', 'month', 'year'];
const OPERATORS: RelativeDateFilter['operator'][] = ['in_the_last', 'in_this', 'in_the_next'];

type RelativeDateEditorProps = {
  base: Pick<RelativeDateFilter, 'id' | 'table' | 'column'>;
  /** The filter applied now, when it is a relative date one. */
  current: RelativeDateFilter | null;
  onApply: (filter: RelativeDateFilter) => void;
};

/**
 * Relative date filter (spec 002 Filters, §5): in the last / in this / in the next, a count
 * (1-10000; none for 'in this') and a unit. Apply needs a count unless the operator is 'in this'.
 */
export function RelativeDateEditor({ base, current, onApply }: RelativeDateEditorProps) {
  const [operator, setOperator] = useState<RelativeDateFilter['operator']>(
    current?.operator ?? 'in_the_last',
  );
  const [count, setCount] = useState(
    current?.count === null || current === null ? '' : String(current.count),
  );
  const [unit, setUnit] = useState<TimeGrain>(current?.unit ?? 'day');
  const [touched, setTouched] = useState(false);
  const problem = relativeDateCountProblem(operator, count);
  const units = UNITS.includes(unit) ? UNITS : [...UNITS, unit];
  const fixed = operator === 'in_this';

  const apply = () => {
    setTouched(true);
    const filter = relativeDateFilter(base, { operator, count, unit });
    if (filter !== null) onApply(filter);
  };

  return (
    <Stack gap="xs">
      <Select
        size="xs"
        label={text.showItemsWhen}
        data={OPERATORS.map((value) => ({ value, label: text.relativeOperators[value] }))}
        value={operator}
        onChange={(value) => value !== null && setOperator(value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Group gap="xs" grow align="flex-start">
        <TextInput
          size="xs"
          label={text.count}
          placeholder={text.countPlaceholder}
          inputMode="numeric"
          value={fixed ? '1' : count}
          disabled={fixed}
          onChange={(event) => setCount(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null ? problem : undefined}
        />
        <Select
          size="xs"
          label={text.unit}
          data={units.map((value) => ({ value, label: text.units[value] }))}
          value={unit}
          onChange={(value) => value !== null && setUnit(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
      </Group>
      <Group justify="flex-end">
        <Button size="xs" onClick={apply} disabled={problem !== null}>
          {text.apply}
        </Button>
      </Group>
    </Stack>
  );
}
