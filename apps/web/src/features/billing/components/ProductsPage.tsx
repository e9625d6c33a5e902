import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Product } from '@maya/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '../../../shared/api/describeError';
import { organizationPath, useCurrentOrganization } from '../../organizations';
import { useProducts } from '../hooks/useProducts';
import { billingMessages, displayPrice } from '../messages';
import { checkoutPath } from '../navigation';

const limit = (value: number, unit: string) => `${value === -1 ? 'Unlimited' : value} ${unit}`;

function features(product: Product): string[] {
  if (product.mode === 'payment') return [product.desc];
  return [
    limit(product.accounts, 'accounts'),
    limit(product.users, 'users'),
    product.integrations === -1 ? 'Every integration' : limit(product.integrations, 'integrations'),
    `${product.data_history} years of history`,
    limit(product.custom_reports, 'custom reports'),
    ...(product.database_access ? ['Database access'] : []),
    ...(product.priority_support ? ['Priority support'] : product.email_support ? ['E-mail support'] : []),
    ...(product.onboarding ? ['Onboarding'] : []),
  ];
}

function ProductCard({ product, annual, slug }: { product: Product; annual: boolean; slug: string }) {
  const price = displayPrice(product, annual);
  const contact = price === billingMessages.contactUs;
  const per = product.mode === 'payment' || contact ? null : annual ? '/ year' : '/ month';
  return (
    <Card withBorder radius="md" padding="lg" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h4">
          {product.title}
        </Title>
        {product.is_most_popular ? <Badge variant="light">Most popular</Badge> : null}
      </Group>
      {product.mode === 'subscription' ? (
        <Text size="sm" c="dimmed" mt={4}>
          {product.desc}
        </Text>
      ) : null}
      <Group gap={6} align="baseline" my="md">
        <Text fz={28} fw={700}>
          {price}
        </Text>
        {per ? <Text c="dimmed">{per}</Text> : null}
      </Group>
      <List size="sm" spacing={4} mb="lg" style={{ flexGrow: 1 }}>
        {features(product).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {!product.can_purchase ? (
        <Button disabled fullWidth>
          {billingMessages.purchased}
        </Button>
      ) : (
        <Button
          component={Link}
          to={checkoutPath(slug, product.id, annual)}
          fullWidth
          variant={product.is_most_popular ? 'filled' : 'light'}
        >
          {contact ? billingMessages.contactUs : product.mode === 'payment' ? 'Buy' : 'Choose plan'}
        </Button>
      )}
    </Card>
  );
}

/** /organization/:slug/billing/products (spec 002 Billing): the marketplace. */
export function ProductsPage() {
  const organization = useCurrentOrganization();
  const [term, setTerm] = useState<'annual' | 'monthly'>('annual');
  const products = useProducts(organization?.id ?? '');
  if (organization === null) return null;
  const annual = term === 'annual';
  const list = products.data ?? [];
  const section = (title: string, items: Product[]) =>
    items.length === 0 ? null : (
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((product) => (
            <ProductCard key={product.id} product={product} annual={annual} slug={organization.slug} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  return (
    <Stack gap="xl" p="md" maw={1200}>
      <Group justify="space-between">
        <Title order={1}>Marketplace</Title>
        <Button component={Link} to={organizationPath(organization.slug, 'billing/details')} variant="subtle">
          Billing details
        </Button>
      </Group>
      <SegmentedControl
        w={240}
        value={term}
        onChange={(value) => setTerm(value === 'monthly' ? 'monthly' : 'annual')}
        data={[
          { value: 'monthly', label: billingMessages.monthly },
          { value: 'annual', label: billingMessages.annual },
        ]}
        aria-label="Billing period"
      />
      {products.isPending ? <Skeleton h={320} /> : null}
      {products.isError ? <Alert color="red">{describeApiError(products.error)}</Alert> : null}
      {products.isSuccess && list.length === 0 ? <Text>{billingMessages.noProducts}</Text> : null}
      {section(
        billingMessages.subscriptionPlans,
        list.filter((p) => p.mode === 'subscription'),
      )}
      {section(
        billingMessages.oneTimePayments,
        list.filter((p) => p.mode === 'payment'),
      )}
    </Stack>
  );
}
