import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A flag that turns itself off `durationMs` after each `show()`: the spec's confirmations
 * ('Merge email sent!', 'Verification email sent!') stay 5 seconds.
 */
export function useTimedFlag(durationMs: number): [visible: boolean, show: () => void] {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setVisible(false);
    }, durationMs);
  }, [durationMs]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return [visible, show];
}
