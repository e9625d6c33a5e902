import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TablePager } from './TablePager';

function renderPager(props: Partial<Parameters<typeof TablePager>[0]> = {}) {
  const onOffset = vi.fn();
  render(
    <MantineProvider>
      <TablePager
        offset={0}
        pageSize={100}
        rows={100}
        hasNext
        loading={false}
        onOffset={onOffset}
        {...props}
      />
    </MantineProvider>,
  );
  const button = (name: string) => screen.getByRole('button', { name });
  return { onOffset, previous: button('Previous page'), next: button('Next page') };
}

describe('TablePager', () => {
  it('tells the rows on screen and turns a page either way', async () => {
    const { onOffset, previous, next } = renderPager({ offset: 1_000, rows: 100 });
    expect(screen.getByRole('group', { name: 'Table pages' })).toHaveTextContent('Rows 1,001–1,100');
    await userEvent.click(next);
    await userEvent.click(previous);
    expect(onOffset.mock.calls).toEqual([[1_100], [900]]);
  });

  it('stops at the first page, the last one, and the deepest page an offset may ask for', () => {
    expect(renderPager({ offset: 0 }).previous).toBeDisabled();
    cleanup();
    expect(renderPager({ offset: 200, rows: 42, hasNext: false }).next).toBeDisabled();
    cleanup();
    // The request's offset goes to 10,000 at most: rows 10,001–10,100 are the deepest page.
    expect(renderPager({ offset: 10_000, hasNext: true }).next).toBeDisabled();
    cleanup();
    expect(renderPager({ offset: 9_900, hasNext: true }).next).toBeEnabled();
  });

  it('says so when a later page has no rows, and waits while a page loads', async () => {
    const { onOffset, next, previous } = renderPager({ offset: 500, rows: 0, hasNext: false, loading: true });
    expect(screen.getByText('No more rows')).toBeInTheDocument();
    expect(next).toBeDisabled();
    // Still enabled while loading, so focus stays on it; the click waits for the page.
    expect(previous).toBeEnabled();
    await userEvent.click(previous);
    expect(onOffset).not.toHaveBeenCalled();
  });
});
