import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { LATEST_ORGANIZATION_SLUG, organizationPath } from '../../organizations';
import { billingMessages } from '../messages';

/** /checkout-success (spec 002 Billing): the order's thanks and the way back. */
export function CheckoutSuccessPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1}>{billingMessages.thankYou}</Title>
        <Text c="dimmed">Your plan is active. It may take a moment for every feature to unlock.</Text>
        <Button component={Link} to="/">
          Back to dashboard
        </Button>
      </Stack>
    </Center>
  );
}

/** /checkout-cancel (spec 002 Billing): back to the current organization's sources. */
export function CheckoutCancelPage() {
  const navigate = useNavigate();
  const sources = organizationPath(LATEST_ORGANIZATION_SLUG, 'sources');
  useEffect(() => {
    void navigate(sources, { replace: true });
  }, [navigate, sources]);
  return (
    <Center mih="40vh">
      <Anchor component={Link} to={sources}>
        Back to sources
      </Anchor>
    </Center>
  );
}
