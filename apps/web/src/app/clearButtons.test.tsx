import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DayInput } from '../shared/ui/DayInput';
import { AppProviders } from './AppProviders';

function Field() {
  const [day, setDay] = useState('2026-11-02');
  return <DayInput label="Period start" clearable value={day} onChange={setDay} />;
}

describe("the app's clearable inputs", () => {
  it('name their clear button (axe button-name): a day field, cleared with it', async () => {
    render(
      <AppProviders>
        <Field />
      </AppProviders>,
    );
    expect(screen.getByLabelText('Period start')).toHaveValue('02/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Period start')).toHaveValue('');
  });
});
