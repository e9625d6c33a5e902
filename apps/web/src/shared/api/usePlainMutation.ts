import { useCallback, useEffect, useRef, useState } from 'react';

type Status = 'idle' | 'pending' | 'success' | 'error';

export type PlainMutationCallbacks<TData> = {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
};

export type PlainMutation<TVariables, TData> = {
  /** Starts the request; stable across renders. The callbacks run for the latest call only, while mounted. */
  mutate: (variables: TVariables, callbacks?: PlainMutationCallbacks<TData>) => void;
  isPending: boolean;
  isSuccess: boolean;
};

/**
 * TanStack Query's `useMutation`, the part the entry screens use, without TanStack Query: the
 * sign-in page draws before the query client loads (decision 700), so its requests (POST
 * /auth/login, the providers' consent address) go through this. `onSuccess` of the options runs
 * for every success, mounted or not (starting the session); the callbacks given to `mutate` run
 * for the latest call only, and only while the component is mounted, as `useMutation`'s do.
 * Every other page's requests are TanStack Query mutations.
 */
export function usePlainMutation<TVariables, TData>(
  request: (variables: TVariables) => Promise<TData>,
  options: { onSuccess?: (data: TData) => void } = {},
): PlainMutation<TVariables, TData> {
  const [status, setStatus] = useState<Status>('idle');
  const latest = useRef({ request, onSuccess: options.onSuccess });
  const mounted = useRef(false);
  const lastCall = useRef(0);
  useEffect(() => {
    latest.current = { request, onSuccess: options.onSuccess };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((variables: TVariables, callbacks: PlainMutationCallbacks<TData> = {}) => {
    const call = ++lastCall.current;
    const current = () => mounted.current && call === lastCall.current;
    setStatus('pending');
    latest.current.request(variables).then(
      (data) => {
        latest.current.onSuccess?.(data);
        if (!current()) return;
        setStatus('success');
        callbacks.onSuccess?.(data);
      },
      (error: unknown) => {
        if (!current()) return;
        setStatus('error');
        callbacks.onError?.(error);
      },
    );
  }, []);

  return { mutate, isPending: status === 'pending', isSuccess: status === 'success' };
}
