import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { useCurrentOrganization } from '../../organizations';
import { getCheckoutUrl } from '../api/billing';
import { billingMessages } from '../messages';
import { billingDetailsPath } from '../navigation';

/**
 * billing/checkout?product=&annual= (spec 002 Billing): fetches the provider's checkout URL and
 * leaves for it; a refusal goes back to billing details with checkout=1 and checkout_error.
 */
export function CheckoutPage() {
  const organization = useCurrentOrganization();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const product = params.get('product') ?? '';
  const annual = params.get('annual') !== 'false';
  useEffect(() => {
    if (organization === null) return;
    let cancelled = false;
    getCheckoutUrl(organization.id, product, annual).then(
      (url) => {
        if (!cancelled) window.location.assign(url);
      },
      (error: unknown) => {
        if (cancelled) return;
        if (isApiError(error) && error.detail !== null && error.status < 500) {
          void navigate(billingDetailsPath(organization.slug, { product, annual, error: error.type }), {
            replace: true,
          });
        } else setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [organization, product, annual, navigate]);
  return (
    <Stack p="md" maw={640}>
      {failed ? (
        <Alert color="red">{billingMessages.checkoutStartFailed}</Alert>
      ) : (
        <Stack align="center" mt="xl">
          <Loader />
          <Text c="dimmed">Opening checkout…</Text>
        </Stack>
      )}
    </Stack>
  );
}
