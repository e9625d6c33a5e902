import { accounts } from '@maya/contracts';
import { Combobox, TextInput, useCombobox, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import Fuse from 'fuse.js';
import { useMemo, useState, type ReactNode } from 'react';
import { authMessages } from '../messages';

/** Options matching `query` by fuzzy search (spec 000 §9: threshold 0.4), best first; all for an empty query. */
export function fuzzyFilter(
  options: readonly string[],
  query: string,
  fuse?: Fuse<string>,
): readonly string[] {
  const trimmed = query.trim();
  if (trimmed === '') return options;
  const index = fuse ?? new Fuse(options, { threshold: accounts.fuzzyThreshold });
  return index.search(trimmed).map((result) => result.item);
}

/** Mantine Select's `filter`: the options whose label matches the search fuzzily (spec 001 §5). */
export const fuzzyOptionsFilter: OptionsFilter = ({ options, search }) => {
  const items = options as ComboboxItem[];
  return fuzzyFilter(
    items.map((item) => item.label),
    search,
  ).flatMap((label) => items.filter((item) => item.label === label));
};

/** The option spelled like `value` whatever its case, or null. */
export function matchOption(options: readonly string[], value: string): string | null {
  const wanted = value.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === wanted) ?? null;
}

type FuzzySelectProps = {
  label: string;
  placeholder?: string;
  description?: ReactNode;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  /** The form's message; without one, a value not among the options still shows the error state. */
  error?: ReactNode;
  withAsterisk?: boolean;
  size?: 'sm' | 'md';
};

/**
 * A dropdown whose input searches its options fuzzily (spec 000 §2: position and how-found).
 * Typed text that is not among the options puts the field in its error state once it loses focus.
 */
export function FuzzySelect({
  label,
  placeholder,
  description,
  options,
  value,
  onChange,
  error,
  withAsterisk,
  size = 'md',
}: FuzzySelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const fuse = useMemo(() => new Fuse(options, { threshold: accounts.fuzzyThreshold }), [options]);
  // What the user typed since the last pick: the dropdown filters by it, and shows all after a pick.
  const [search, setSearch] = useState('');
  const [blurred, setBlurred] = useState(false);

  const shown = fuzzyFilter(options, search, fuse);
  const notAmongOptions = value.trim() !== '' && matchOption(options, value) === null;
  const shownError = error ?? (blurred && notAmongOptions ? authMessages.notAmongOptions : undefined);

  const pick = (option: string) => {
    onChange(option);
    setSearch('');
    setBlurred(false);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          description={description}
          withAsterisk={withAsterisk}
          size={size}
          autoComplete="off"
          value={value}
          error={shownError}
          rightSection={<Combobox.Chevron error={shownError !== undefined} />}
          rightSectionPointerEvents="none"
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange(text);
            setSearch(text);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            const exact = matchOption(options, value);
            if (exact !== null && exact !== value) onChange(exact);
            setSearch('');
            setBlurred(true);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }} aria-label={label}>
          {shown.length === 0 ? (
            <Combobox.Empty>Nothing found</Combobox.Empty>
          ) : (
            shown.map((option) => (
              <Combobox.Option value={option} key={option} active={option === value}>
                {option}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
