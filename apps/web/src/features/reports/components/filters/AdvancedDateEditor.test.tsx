import type { AdvancedDateFilter } from '@maya/contracts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../../app/theme';
import { AdvancedDateEditor } from './AdvancedDateEditor';

const base = { id: 'date', table: 'performance', column: 'date' };

function renderEditor(current: AdvancedDateFilter | null = null) {
  const onApply = vi.fn<(filter: AdvancedDateFilter) => void>();
  render(
    <MantineProvider theme={theme} env="test">
      <AdvancedDateEditor base={base} current={current} onApply={onApply} />
    </MantineProvider>,
  );
  return onApply;
}

/** Picks an option of a select, by the select's label. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const SLOW = 20_000;

describe('advanced date editor (spec 002 Filters)', () => {
  it(
    'adds an "And" condition that closes a period, both days needed to apply',
    async () => {
      const onApply = renderEditor();
      await choose('Show items when the value', 'Is after');
      fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2025-06-30' } });
      await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
      const second = screen.getByRole('group', { name: 'And' });
      // The other bound of the period, at 12:00, its day to pick.
      expect(within(second).getByRole('combobox', { name: 'And' })).toHaveValue('Is before');
      expect(within(second).getByLabelText('Time')).toHaveValue('12:00');
      const apply = screen.getByRole('button', { name: 'Apply' });
      expect(apply).toBeDisabled();
      fireEvent.change(within(second).getByLabelText('Date'), { target: { value: '2025-10-01' } });
      await userEvent.click(apply);
      expect(onApply).toHaveBeenCalledWith({
        ...base,
        kind: 'advanced_date',
        operator: 'is_after',
        value: '2025-06-30T12:00',
        and: { operator: 'is_before', value: '2025-10-01T12:00' },
      });
    },
    SLOW,
  );

  it(
    'starts from the filter applied, and removes its second condition',
    async () => {
      const onApply = renderEditor({
        ...base,
        kind: 'advanced_date',
        operator: 'is_before',
        value: '2026-01-01T09:30',
        and: { operator: 'is_after', value: '2025-12-24T12:00' },
      });
      const second = screen.getByRole('group', { name: 'And' });
      expect(within(second).getByRole('combobox', { name: 'And' })).toHaveValue('Is after');
      expect(within(second).getByLabelText('Date')).toHaveValue('2025-12-24');
      await userEvent.click(screen.getByRole('button', { name: 'Remove condition' }));
      expect(screen.queryByRole('group', { name: 'And' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
      // No second condition: none in the filter, as filters saved before it have.
      expect(onApply).toHaveBeenCalledWith({
        ...base,
        kind: 'advanced_date',
        operator: 'is_before',
        value: '2026-01-01T09:30',
      });
    },
    SLOW,
  );
});
