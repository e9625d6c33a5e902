import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePlainMutation } from './usePlainMutation';

/** A request the test answers when it wants. */
function deferredRequest() {
  const pending: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const request = vi.fn(
    (_variables: number) =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { request, pending };
}

describe('usePlainMutation (decision 700)', () => {
  it('tracks a request from pending to success and calls both success callbacks', async () => {
    const { request, pending } = deferredRequest();
    const onSuccess = vi.fn();
    const callSuccess = vi.fn();
    const { result } = renderHook(() => usePlainMutation(request, { onSuccess }));
    const mutate = result.current.mutate;
    act(() => result.current.mutate(7, { onSuccess: callSuccess }));
    expect(request).toHaveBeenCalledWith(7);
    expect(result.current.isPending).toBe(true);
    await act(async () => pending[0]?.resolve('done'));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: true });
    expect(onSuccess).toHaveBeenCalledWith('done');
    expect(callSuccess).toHaveBeenCalledWith('done');
    // Stable, as useMutation's: effects that depend on it do not run again.
    expect(result.current.mutate).toBe(mutate);
  });

  it("answers a failure to the call's onError, for the latest call only", async () => {
    const { request, pending } = deferredRequest();
    const first = vi.fn();
    const latest = vi.fn();
    const { result } = renderHook(() => usePlainMutation(request));
    act(() => result.current.mutate(1, { onError: first }));
    act(() => result.current.mutate(2, { onError: latest }));
    await act(async () => {
      pending[0]?.reject(new Error('old'));
      pending[1]?.reject(new Error('new'));
    });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(new Error('new'));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: false });
  });

  it("runs the options' onSuccess after an unmount, the call's callbacks not", async () => {
    const { request, pending } = deferredRequest();
    const onSuccess = vi.fn();
    const callSuccess = vi.fn();
    const { result, unmount } = renderHook(() => usePlainMutation(request, { onSuccess }));
    act(() => result.current.mutate(1, { onSuccess: callSuccess }));
    unmount();
    await act(async () => pending[0]?.resolve('late'));
    expect(onSuccess).toHaveBeenCalledWith('late');
    expect(callSuccess).not.toHaveBeenCalled();
  });
});
