import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { DayInput } from './DayInput';

function Field() {
  const [day, setDay] = useState('2026-11-02');
  return <DayInput label="Period start" clearable value={day} onChange={setDay} />;
}

describe('DayInput', () => {
  it('names the clear button of a clearable day (axe button-name), and clearing empties it', async () => {
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
