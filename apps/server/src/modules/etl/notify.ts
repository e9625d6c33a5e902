// What the organization is told when a load fails: a notification, also e-mailed (decision 97).
import { findService } from '@maya/connectors';
import type { ServiceAccount } from '@maya/contracts';
import type { EtlDeps } from './deps';

export const LOAD_FAILED_TITLE = 'Data load failed';

function accountLabel(account: Pick<ServiceAccount, 'name' | 'service'>): string {
  return `${findService(account.service)?.name ?? account.service}: ${account.name}`;
}

/**
 * Called once the outcome is recorded, so a notification that cannot be stored fails the job
 * (pg-boss keeps its error for operators) without losing the outcome. A mail that cannot be
 * sent does not: the notification is there to be read.
 */
async function tell(deps: Pick<EtlDeps, 'notify'>, organizationId: string, body: string): Promise<void> {
  await deps.notify?.(organizationId, { type: 'error', title: LOAD_FAILED_TITLE, body });
}

/** An account's first load failed for good (its last attempt). */
export function notifyAccountFailed(
  deps: Pick<EtlDeps, 'notify'>,
  organizationId: string,
  account: Pick<ServiceAccount, 'name' | 'service'>,
  error: string,
): Promise<void> {
  return tell(deps, organizationId, `${accountLabel(account)}: ${error}`);
}

/** A run ended failed; `errors` are its accounts' and the model build's. */
export function notifyRunFailed(
  deps: Pick<EtlDeps, 'notify'>,
  organizationId: string,
  errors: string[],
): Promise<void> {
  return tell(deps, organizationId, `The data load did not complete.\n${errors.join('\n')}`);
}
