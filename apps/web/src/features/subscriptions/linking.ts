import type { Organization, Subscription } from '@maya/contracts';

/**
 * The organizations a subscription may be linked to (spec 002 §5, §6): not the demo one, not one
 * already paid for, and only where the user administers it.
 */
export function linkableOrganizations(organizations: readonly Organization[]): Organization[] {
  return organizations.filter(
    (organization) =>
      !organization.is_demo &&
      !organization.has_subscription &&
      (organization.role === 'admin' || organization.role === 'owner'),
  );
}

/** The subscriptions still waiting for an organization. */
export function unlinkedSubscriptions(subscriptions: readonly Subscription[]): Subscription[] {
  return subscriptions.filter((subscription) => subscription.organization_id === null);
}
