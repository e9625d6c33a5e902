import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Fuse from 'fuse.js';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HOW_FOUND_OPTIONS } from '../hooks/useSignUpFlow';
import { FuzzySelect, fuzzyFilter, matchOption } from './FuzzySelect';

const positions = [
  'CEO',
  'CMO',
  'CFO',
  'Growth Manager',
  'Marketing Manager',
  'Data Scientist',
  'Data Analyst',
  'Product Manager',
  'Scrum Master',
  'Customer Success',
  'Other',
];

describe('fuzzyFilter', () => {
  it('lists every option for an empty query', () => {
    expect(fuzzyFilter(positions, '  ')).toEqual(positions);
  });

  it('forgives typos, best match first', () => {
    expect(fuzzyFilter(positions, 'Prodct Manger')[0]).toBe('Product Manager');
    expect(fuzzyFilter(positions, 'data sci')[0]).toBe('Data Scientist');
    expect(fuzzyFilter(HOW_FOUND_OPTIONS, 'socal')).toEqual(['Social media']);
  });

  it('uses the spec threshold of 0.4: looser matches that 0.6 would keep are dropped', () => {
    for (const query of ['chief', 'Mngr']) {
      expect(new Fuse(positions, { threshold: 0.6 }).search(query).length).toBeGreaterThan(0);
      expect(fuzzyFilter(positions, query)).toEqual([]);
    }
  });

  it('matches an option whatever the case', () => {
    expect(matchOption(positions, ' scrum master ')).toBe('Scrum Master');
    expect(matchOption(positions, 'Astronaut')).toBeNull();
  });
});

function Host({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider env="test">
      <FuzzySelect label="Position" options={positions} value={value} onChange={setValue} error={error} />
      <output data-testid="value">{value}</output>
      <button type="button">elsewhere</button>
    </MantineProvider>
  );
}

describe('FuzzySelect', () => {
  it('filters the dropdown fuzzily and picks an option', async () => {
    render(<Host />);
    const user = userEvent.setup({ delay: null });
    const input = screen.getByRole('textbox', { name: 'Position' });
    await user.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(positions.length);
    await user.type(input, 'Scrm Mstr');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Scrum Master']);
    await user.click(screen.getByRole('option', { name: 'Scrum Master' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Scrum Master');
    expect(input).toHaveValue('Scrum Master');
  });

  it('says Nothing found when no option is close', async () => {
    render(<Host />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Position' }), 'chief');
    expect(screen.getByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows the error state when the typed value is not among the options, and not while it is', async () => {
    render(<Host />);
    const user = userEvent.setup({ delay: null });
    const input = screen.getByRole('textbox', { name: 'Position' });
    await user.type(input, 'Astronaut');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose one of the options in the list')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'data scientist');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveValue('Data Scientist');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Choose one of the options in the list')).not.toBeInTheDocument();
  });

  it('shows the form message when it has one', () => {
    render(<Host error="Please enter a valid position" />);
    expect(screen.getByRole('textbox', { name: 'Position' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter a valid position')).toBeInTheDocument();
  });
});
