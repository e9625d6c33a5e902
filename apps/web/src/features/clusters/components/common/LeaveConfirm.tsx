import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import type { LeaveBlocker } from '../../hooks/useLeaveGuard';
import { clustersMessages as text } from '../../messages';

/** The confirmation a held navigation waits for: Leave goes on, Stay keeps the page. */
export function LeaveConfirm({ blocker }: { blocker: LeaveBlocker }) {
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={text.leaveTitle}
      message={text.leaveBody}
      confirmLabel={text.leave}
      cancelLabel={text.stay}
      confirmColor="red"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
