import type { Blocker } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { clustersMessages as text } from '../../messages';

/** The confirmation a held navigation waits for: Leave goes on, Stay keeps the page. */
export function LeaveConfirm({ blocker }: { blocker: Blocker }) {
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
