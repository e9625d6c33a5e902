import { useEffect, useRef, useState } from 'react';
import { onDemand } from '../../../shared/ui/onDemand';
import { useOrganizations } from '../../organizations';
import { useSubscriptionCheck } from '../hooks/useSubscriptionCheck';
import { linkableOrganizations, unlinkedSubscriptions } from '../linking';
import { subscriptionErrorMessage } from '../messages';
import { showToast } from '../../../shared/ui/toast';

const SubscriptionLinkDialog = onDemand(() =>
  import('./SubscriptionLinkDialog').then((m) => m.SubscriptionLinkDialog),
);

/** A failed subscription check is told once, as an error toast (spec 002 §8, §9). */
function useCheckFailureToast(error: unknown) {
  const told = useRef(false);
  useEffect(() => {
    if (error === null || told.current) return;
    told.current = true;
    showToast('error', subscriptionErrorMessage('check-user', error));
  }, [error]);
}

/**
 * The check behind `SubscriptionLinkModal`: GET /user/subscriptions/check, and the linking modal
 * when it reports an unlinked subscription (the modal's code loads only then).
 */
export function SubscriptionCheck() {
  const check = useSubscriptionCheck();
  const organizations = useOrganizations();
  const [dismissed, setDismissed] = useState(false);
  useCheckFailureToast(check.error);

  if (check.data === undefined || organizations.data === undefined) return null;
  const opened = !dismissed && check.data.has_unlinked_subscription;
  // Once shown, the dialog stays mounted, so that closing it plays its transition.
  if (!opened && !dismissed) return null;
  return (
    <SubscriptionLinkDialog
      opened={opened}
      organizations={linkableOrganizations(organizations.data)}
      subscriptions={unlinkedSubscriptions(check.data.subscriptions)}
      onClose={() => setDismissed(true)}
    />
  );
}
