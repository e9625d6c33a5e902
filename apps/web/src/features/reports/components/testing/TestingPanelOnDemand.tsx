import { useState } from 'react';
import { useTypedSecret } from '../../hooks/useTypedSecret';
import { onDemand } from '../../../../shared/ui/onDemand';
import type { TestingPanelProps } from './TestingPanel';

/** The string that opens the testing panel when typed on a dashboard (decision 139). */
export const TESTING_PANEL_SECRET = 'mayatest';

const TestingPanel = onDemand(() => import('./TestingPanel').then((m) => m.TestingPanel));

/**
 * Listens for the testing panel's string on the dashboard and opens the panel, whose code loads
 * only then: the dashboard's own download stays what it draws.
 */
export function TestingPanelOnDemand(props: Omit<TestingPanelProps, 'opened' | 'onClose'>) {
  const [opened, setOpened] = useState(false);
  useTypedSecret(TESTING_PANEL_SECRET, () => setOpened(true));
  return opened ? <TestingPanel {...props} opened onClose={() => setOpened(false)} /> : null;
}
