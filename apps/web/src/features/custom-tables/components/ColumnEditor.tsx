import { Checkbox, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { CUSTOM_COLUMN_TYPES, type CustomColumnType, type CustomTableColumn } from '@maya/contracts';
import { customTablesText } from '../messages';

type ColumnEditorProps = {
  columns: CustomTableColumn[];
  /** The category's required columns: their name, type and required flag are fixed. */
  required: ReadonlySet<string>;
  onChange: (columns: CustomTableColumn[]) => void;
  disabled?: boolean;
};

/**
 * The column editor (spec 001 §3 Table column, §5): each CSV column's final name, type,
 * required and primary key. A required column's type and name are fixed; one primary key.
 */
export function ColumnEditor({ columns, required, onChange, disabled = false }: ColumnEditorProps) {
  const change = (index: number, patch: Partial<CustomTableColumn>) =>
    onChange(
      columns.map((column, i) => {
        if (i === index) return { ...column, ...patch };
        // One primary key: choosing one clears the others.
        return patch.isPrimaryKey === true ? { ...column, isPrimaryKey: false } : column;
      }),
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" striped aria-label="Columns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{customTablesText.columnName}</Table.Th>
            <Table.Th>{customTablesText.finalName}</Table.Th>
            <Table.Th>{customTablesText.type}</Table.Th>
            <Table.Th>{customTablesText.required}</Table.Th>
            <Table.Th>{customTablesText.primaryKey}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column, index) => {
            const fixed = required.has(column.columnName);
            return (
              <Table.Tr key={column.columnName}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {column.columnName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`${customTablesText.finalName} of ${column.columnName}`}
                    value={column.alias}
                    disabled={disabled || fixed}
                    onChange={(event) => change(index, { alias: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={`${customTablesText.type} of ${column.columnName}`}
                    data={[...CUSTOM_COLUMN_TYPES]}
                    value={column.type}
                    disabled={disabled || fixed}
                    onChange={(event) =>
                      change(index, { type: event.currentTarget.value as CustomColumnType })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${customTablesText.required}: ${column.columnName}`}
                    checked={column.isRequired}
                    disabled={disabled || fixed}
                    onChange={(event) => change(index, { isRequired: event.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${customTablesText.primaryKey}: ${column.columnName}`}
                    checked={column.isPrimaryKey}
                    disabled={disabled}
                    onChange={(event) => change(index, { isPrimaryKey: event.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
