import type { AdvancedDateFilter } from '@maya/contracts';
import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { IconPlus, IconX } from '../../../../shared/ui/icons';
import { reportMessages } from '../../messages';
import {
  advancedDateFilter,
  dateConditionInput,
  secondOperatorAfter,
  type DateConditionInput,
} from '../../model/filters';

const { filters: text } = reportMessages;
const { secondCondition } = text;
const OPERATORS: AdvancedDateFilter['operator'][] = ['is', 'is_not', 'is_before', 'is_after'];

type AdvancedDateEditorProps = {
  base: Pick<AdvancedDateFilter, 'id' | 'table' | 'column'>;
  current: AdvancedDateFilter | null;
  onApply: (filter: AdvancedDateFilter) => void;
};

type ConditionFieldsProps = {
  /** The operator select's label. */
  label: string;
  input: DateConditionInput;
  onChange: (input: DateConditionInput) => void;
};

/** An operator, a day and a time. */
function ConditionFields({ label, input, onChange }: ConditionFieldsProps) {
  return (
    <>
      <Select
        size="xs"
        label={label}
        data={OPERATORS.map((value) => ({ value, label: text.dateOperators[value] }))}
        value={input.operator}
        onChange={(value) => value !== null && onChange({ ...input, operator: value })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Group gap="xs" grow align="flex-start">
        <TextInput
          size="xs"
          type="date"
          label={text.date}
          value={input.date}
          onChange={(event) => onChange({ ...input, date: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          type="time"
          label={text.time}
          value={input.time}
          onChange={(event) => onChange({ ...input, time: event.currentTarget.value })}
        />
      </Group>
    </>
  );
}

/**
 * Advanced date filter (spec 002 Filters): is, is not, is before, is after a day and time (12:00
 * by default), and optionally a second condition the rows meet too ("is after … and is before …"
 * closes a period, as in Power BI's advanced filter).
 */
export function AdvancedDateEditor({ base, current, onApply }: AdvancedDateEditorProps) {
  const [first, setFirst] = useState(dateConditionInput(current));
  const [second, setSecond] = useState(current?.and ? dateConditionInput(current.and) : null);
  const filter = advancedDateFilter(base, first, second);

  return (
    <Stack gap="xs">
      <ConditionFields label={text.showItemsWhen} input={first} onChange={setFirst} />
      {second === null ? (
        <Group>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => setSecond(dateConditionInput(null, secondOperatorAfter(first.operator)))}
          >
            {secondCondition.add}
          </Button>
        </Group>
      ) : (
        <Stack gap="xs" role="group" aria-label={secondCondition.label} pos="relative">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={secondCondition.remove}
            onClick={() => setSecond(null)}
            pos="absolute"
            top={0}
            right={0}
          >
            <IconX size={14} />
          </ActionIcon>
          <ConditionFields label={secondCondition.label} input={second} onChange={setSecond} />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button size="xs" disabled={filter === null} onClick={() => filter !== null && onApply(filter)}>
          {text.apply}
        </Button>
      </Group>
    </Stack>
  );
}
