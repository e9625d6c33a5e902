import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BILLING_DEFAULT_COUNTRY,
  BillingDetailsSchema,
  TAX_OFFICE_COUNTRY,
  type BillingDetails,
} from '@maya/contracts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeApiError } from '../../../shared/api/describeError';
import { IconCheck } from '../../../shared/ui/icons';
import { organizationPath, useCurrentOrganization } from '../../organizations';
import { useBillingDetails } from '../hooks/useBillingDetails';
import { useCountries } from '../hooks/useCountries';
import { useSaveBillingDetails } from '../hooks/useSaveBillingDetails';
import { billingMessages, checkoutErrorMessage } from '../messages';
import { checkoutPath } from '../navigation';

const EMPTY: BillingDetails = {
  companyName: '',
  countryCode: BILLING_DEFAULT_COUNTRY,
  addressLine1: '',
  addressLine2: '',
  state: '',
  postalCode: '',
  city: '',
  taxId: '',
  taxOffice: '',
};

/** spec 002 §4: checkout is automatic once these are filled. */
export function readyForCheckout(details: BillingDetails): boolean {
  return [
    details.companyName,
    details.addressLine1,
    details.city,
    details.countryCode,
    details.postalCode,
  ].every((value) => value.trim() !== '');
}

/**
 * /organization/:slug/billing/details (spec 002 Billing): the billing information form; with
 * checkout=1 the order's first step ('Subscription Order', 'Proceed to payment'), with
 * auto_checkout=1 straight on to checkout when the details are already complete.
 */
export function BillingDetailsPage() {
  const organization = useCurrentOrganization();
  const saved = useBillingDetails(organization?.id ?? '');
  if (organization === null) return null;
  // The form starts from what is saved: typing before it arrived would be overwritten.
  if (saved.isPending)
    return (
      <Stack p="md" maw={720}>
        <Skeleton h={420} />
      </Stack>
    );
  return (
    <BillingDetailsForm
      organizationId={organization.id}
      slug={organization.slug}
      saved={saved.data ?? null}
    />
  );
}

function BillingDetailsForm({
  organizationId,
  slug,
  saved,
}: {
  organizationId: string;
  slug: string;
  saved: BillingDetails | null;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const countries = useCountries();
  const save = useSaveBillingDetails(organizationId);
  const ordering = params.get('checkout') === '1';
  const product = params.get('product');
  const annual = params.get('annual') !== 'false';
  const checkoutError = params.get('checkout_error');
  const form = useForm<BillingDetails>({
    initialValues: saved ?? EMPTY,
    validate: zod4Resolver(BillingDetailsSchema, { errorPriority: 'first' }),
  });
  const toCheckout = ordering && product !== null ? checkoutPath(slug, product, annual) : null;
  const auto = params.get('auto_checkout') === '1' && !checkoutError && toCheckout !== null;
  const ready = saved !== null && readyForCheckout(saved);

  useEffect(() => {
    if (auto && ready && toCheckout) void navigate(toCheckout, { replace: true });
  }, [auto, ready, toCheckout, navigate]);

  const greek = form.values.countryCode === TAX_OFFICE_COUNTRY;
  const submit = form.onSubmit((values) => {
    save.mutate(values, {
      onSuccess: () => {
        if (toCheckout) void navigate(toCheckout);
      },
    });
  });

  return (
    <Stack p="md" maw={720} gap="md">
      <Group justify="space-between">
        <Title order={1}>{ordering ? billingMessages.subscriptionOrder : 'Billing details'}</Title>
        <Button component={Link} to={organizationPath(slug, 'billing/portal')} variant="subtle">
          {billingMessages.manageSubscription}
        </Button>
      </Group>
      {checkoutError ? <Alert color="red">{checkoutErrorMessage(checkoutError)}</Alert> : null}
      {save.isError ? <Alert color="red">{describeApiError(save.error)}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Company name"
            {...form.getInputProps('companyName')}
            onChange={(event) => {
              // spec 002 §4: changing the company name clears the tax office.
              form.setFieldValue('companyName', event.currentTarget.value);
              form.setFieldValue('taxOffice', '');
            }}
          />
          <Select
            label="Country"
            searchable
            allowDeselect={false}
            data={(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))}
            {...form.getInputProps('countryCode')}
            onChange={(value: string | null) => {
              const code = value ?? BILLING_DEFAULT_COUNTRY;
              form.setFieldValue('countryCode', code);
              if (code !== TAX_OFFICE_COUNTRY) form.setFieldValue('taxOffice', '');
            }}
          />
          <TextInput label="Address line 1" required {...form.getInputProps('addressLine1')} />
          <TextInput label="Address line 2" {...form.getInputProps('addressLine2')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="City" required {...form.getInputProps('city')} />
            <TextInput label="State" {...form.getInputProps('state')} />
            <TextInput label="Postal code" required {...form.getInputProps('postalCode')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="VAT number" maxLength={15} {...form.getInputProps('taxId')} />
            {greek ? <TextInput label="Tax office" required {...form.getInputProps('taxOffice')} /> : null}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>
              {ordering ? billingMessages.proceedToPayment : 'Save'}
            </Button>
            {save.isSuccess && !form.isDirty() ? (
              <Group gap={4} c="green">
                <IconCheck size={18} aria-hidden />
                <Text size="sm">Saved</Text>
              </Group>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
