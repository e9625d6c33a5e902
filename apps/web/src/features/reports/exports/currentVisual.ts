import type { Visual } from '@maya/contracts';
import { createContext } from 'react';

/** The visual a card draws (set by `VisualView`): its header's menu exports it. */
export const CurrentVisualContext = createContext<Visual | null>(null);
