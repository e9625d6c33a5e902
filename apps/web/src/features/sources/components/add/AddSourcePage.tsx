import { Alert, Anchor, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Features, Service } from '@maya/contracts';
import { Link, Navigate, useSearchParams } from 'react-router';
import { describeApiError } from '../../../../shared/api/describeError';
import { IconAlert } from '../../../../shared/ui/icons';
import { useCurrentOrganization, useFeatures } from '../../../organizations';
import { groupByCategory } from '../../grouping';
import { useServices } from '../../hooks/useServices';
import { addSourceErrorMessage, categoryLabels, sourcesMessages } from '../../messages';
import { billingCheckoutPath, billingProductsPath, connectPath, sourcesPath } from '../../navigation';
import { PageHeader } from '../PageHeader';
import { ServiceCard } from './ServiceCard';

/** spec 001 §2, §6: outside the plan's integrations, unless the plan is a trial, a service needs an upgrade. */
export function needsUpgrade(service: Pick<Service, 'id'>, features: Features | undefined): boolean {
  if (features === undefined || features.is_trial) return false;
  return !features.integrations.includes(service.id);
}

/**
 * /organization/:slug/sources/add (spec 001 §2): the integrations by category. The ?error= of a
 * failed authorization shows as a banner. Demo organizations have no setup: they go to sources.
 */
export function AddSourcePage() {
  const organization = useCurrentOrganization();
  const [searchParams] = useSearchParams();
  const services = useServices();
  const features = useFeatures(organization?.id ?? '', organization !== null && !organization.is_demo);
  if (organization === null) return null;
  const { slug } = organization;
  if (organization.is_demo) return <Navigate to={sourcesPath(slug)} replace />;
  const error = searchParams.get('error');
  const plan = features.data;

  return (
    <Box p={{ base: 0, sm: 'xl' }} maw={1100}>
      <PageHeader
        title={sourcesMessages.addTitle}
        description={sourcesMessages.addDescription}
        back={{ to: sourcesPath(slug), label: sourcesMessages.backToSources }}
      />
      <Stack gap="xl">
        {error !== null && (
          <Alert color="red" variant="light" icon={<IconAlert size={20} />} role="alert">
            {addSourceErrorMessage(error)}
          </Alert>
        )}
        {plan !== undefined && !plan.can_add_accounts && (
          <Alert color="yellow" variant="light">
            <Anchor component={Link} to={billingProductsPath(slug)} fw={600} size="sm">
              {sourcesMessages.upgradeForMoreAccounts}
            </Anchor>
          </Alert>
        )}
        {services.isError && (
          <Alert color="red" variant="light" title={sourcesMessages.loadFailed}>
            <Group gap="sm">
              <Text size="sm">{describeApiError(services.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void services.refetch()}>
                {sourcesMessages.retry}
              </Button>
            </Group>
          </Alert>
        )}
        {(services.isPending || features.isPending) && !services.isError && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} aria-label="Loading integrations">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={70} radius="lg" />
            ))}
          </SimpleGrid>
        )}
        {services.isSuccess &&
          !features.isPending &&
          groupByCategory(
            services.data.filter((service) => service.is_listed),
            (service) => service.category,
          ).map((group) => (
            <Stack
              key={group.category}
              gap="sm"
              component="section"
              aria-label={categoryLabels[group.category]}
            >
              <Title order={2} fz="md" c="dark.5">
                {categoryLabels[group.category]}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                {group.items.map((service) => {
                  const upgrade = needsUpgrade(service, plan);
                  return (
                    <ServiceCard
                      key={service.uuid}
                      service={service}
                      upgrade={upgrade}
                      to={upgrade ? billingCheckoutPath(slug) : connectPath(slug, service)}
                    />
                  );
                })}
              </SimpleGrid>
            </Stack>
          ))}
      </Stack>
    </Box>
  );
}
