import { reportLimits, type AdvancedDateFilter } from '@maya/contracts';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { reportMessages } from '../../messages';

const { filters: text } = reportMessages;
const OPERATORS: AdvancedDateFilter['operator'][] = ['is', 'is_not', 'is_before', 'is_after'];

type AdvancedDateEditorProps = {
  base: Pick<AdvancedDateFilter, 'id' | 'table' | 'column'>;
  current: AdvancedDateFilter | null;
  onApply: (filter: AdvancedDateFilter) => void;
};

/** Advanced date filter (spec 002 Filters): is, is not, is before, is after a day and time (12:00 by default). */
export function AdvancedDateEditor({ base, current, onApply }: AdvancedDateEditorProps) {
  const [day = '', initialTime = ''] = current?.value.split('T') ?? [];
  const [operator, setOperator] = useState<AdvancedDateFilter['operator']>(current?.operator ?? 'is');
  const [date, setDate] = useState(day);
  const [time, setTime] = useState(initialTime.slice(0, 5) || reportLimits.defaultFilterTime);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time);

  return (
    <Stack gap="xs">
      <Select
        size="xs"
        label={text.showItemsWhen}
        data={OPERATORS.map((value) => ({ value, label: text.dateOperators[value] }))}
        value={operator}
        onChange={(value) => value !== null && setOperator(value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Group gap="xs" grow align="flex-start">
        <TextInput
          size="xs"
          type="date"
          label={text.date}
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
        />
        <TextInput
          size="xs"
          type="time"
          label={text.time}
          value={time}
          onChange={(event) => setTime(event.currentTarget.value)}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={!valid}
          onClick={() => onApply({ ...base, kind: 'advanced_date', operator, value: `${date}T${time}` })}
        >
          {text.apply}
        </Button>
      </Group>
    </Stack>
  );
}
