import { useCallback, useState } from 'react';
import { readSessionFlag, writeSessionFlag } from '../lib/storage';

/**
 * A boolean kept for the browser session under `key`: a panel stays open when its page is mounted
 * again, as when the dashboard moves to another of its routes (a bookmark saved or applied).
 */
export function useSessionFlag(key: string): [boolean, (on: boolean | ((was: boolean) => boolean)) => void] {
  const [on, setOn] = useState(() => readSessionFlag(key));
  const set = useCallback(
    (next: boolean | ((was: boolean) => boolean)) => {
      setOn((was) => {
        const value = typeof next === 'function' ? next(was) : next;
        writeSessionFlag(key, value);
        return value;
      });
    },
    [key],
  );
  return [on, set];
}
