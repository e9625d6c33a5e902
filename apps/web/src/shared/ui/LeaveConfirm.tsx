import { ConfirmDialog } from './ConfirmDialog';
import type { LeaveBlocker } from '../hooks/useLeaveGuard';

/** The words of the confirmation (spec 001 §2, §4: the cluster editors; the report editor too). */
export const leaveMessages = {
  title: 'Leave without saving?',
  body: 'You have unsaved changes. They will be lost if you leave this page.',
  leave: 'Leave',
  stay: 'Stay',
} as const;

/** The confirmation a held navigation waits for: Leave goes on, Stay keeps the page. */
export function LeaveConfirm({ blocker }: { blocker: LeaveBlocker }) {
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={leaveMessages.title}
      message={leaveMessages.body}
      confirmLabel={leaveMessages.leave}
      cancelLabel={leaveMessages.stay}
      confirmColor="red"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
