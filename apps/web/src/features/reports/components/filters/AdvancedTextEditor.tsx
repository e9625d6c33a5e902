import type { AdvancedTextFilter } from '@maya/contracts';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { reportMessages } from '../../messages';
import { advancedTextProblem, textNeedsValue } from '../../model/filters';

const { filters: text } = reportMessages;
const OPERATORS = Object.keys(text.textOperators) as AdvancedTextFilter['operator'][];

type AdvancedTextEditorProps = {
  base: Pick<AdvancedTextFilter, 'id' | 'table' | 'column'>;
  current: AdvancedTextFilter | null;
  onApply: (filter: AdvancedTextFilter) => void;
};

/** Advanced text filter (spec 002 §5): every operator but is blank / is not blank needs non-empty text. */
export function AdvancedTextEditor({ base, current, onApply }: AdvancedTextEditorProps) {
  const [operator, setOperator] = useState<AdvancedTextFilter['operator']>(current?.operator ?? 'contains');
  const [value, setValue] = useState(current?.value ?? '');
  const [touched, setTouched] = useState(false);
  const problem = advancedTextProblem(operator, value);
  const needsValue = textNeedsValue(operator);

  return (
    <Stack gap="xs">
      <Select
        size="xs"
        label={text.showItemsWhen}
        data={OPERATORS.map((op) => ({ value: op, label: text.textOperators[op] }))}
        value={operator}
        onChange={(op) => op !== null && setOperator(op)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      {needsValue && (
        <TextInput
          size="xs"
          label={text.text}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null ? problem : undefined}
        />
      )}
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={problem !== null}
          onClick={() =>
            onApply({ ...base, kind: 'advanced_text', operator, value: needsValue ? value.trim() : null })
          }
        >
          {text.apply}
        </Button>
      </Group>
    </Stack>
  );
}
