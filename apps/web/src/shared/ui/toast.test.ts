import { operations } from '@maya/contracts';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toast';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('showToast', () => {
  it('colours by kind; errors stay 10 s, the others 3 s (spec 002 §9)', () => {
    const show = vi.spyOn(notifications, 'show');
    showToast('success', 'Saved');
    showToast('error', 'Failed');
    showToast('warning', 'Careful');
    showToast('info', 'Note');
    expect(show.mock.calls.map(([data]) => [data.color, data.autoClose, data.message])).toEqual([
      ['teal', operations.toastMs, 'Saved'],
      ['red', operations.errorToastMs, 'Failed'],
      ['yellow', operations.toastMs, 'Careful'],
      ['indigo', operations.toastMs, 'Note'],
    ]);
  });

  it('takes a title, an id and a duration of its own', () => {
    const show = vi.spyOn(notifications, 'show');
    showToast('error', 'Could not find bookmark with slug x', {
      title: 'x not found',
      durationMs: 3000,
      id: 'a',
    });
    expect(show).toHaveBeenCalledWith({
      id: 'a',
      title: 'x not found',
      message: 'Could not find bookmark with slug x',
      color: 'red',
      autoClose: 3000,
    });
  });
});
