import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <ConfirmDialog
        opened
        title="Delete bookmark?"
        message="This cannot be undone."
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />
    </MantineProvider>,
  );
  return { onConfirm, onCancel };
}

describe('confirmation dialog', () => {
  it('asks its question with Cancel and Confirm', async () => {
    const { onConfirm, onCancel } = renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Delete bookmark?' })).toBeInTheDocument();
    expect(screen.getByText('This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0]!);
    expect(onCancel).toHaveBeenCalled();
  });

  it('takes other labels, and blocks Cancel while the action runs', async () => {
    const { onCancel } = renderDialog({ confirmLabel: 'Save', loading: true });
    expect(await screen.findByRole('button', { name: /Save/ })).toBeInTheDocument();
    const cancel = screen
      .getAllByRole('button', { name: 'Cancel' })
      .find((button) => button.textContent === 'Cancel');
    expect(cancel).toBeDisabled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    renderDialog({ opened: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
