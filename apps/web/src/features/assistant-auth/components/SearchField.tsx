import { TextInput } from '@mantine/core';
import { IconSearch } from '../../../shared/ui/icons';

type SearchFieldProps = { placeholder: string; value: string; onChange: (value: string) => void };

export function SearchField({ placeholder, value, onChange }: SearchFieldProps) {
  return (
    <TextInput
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
