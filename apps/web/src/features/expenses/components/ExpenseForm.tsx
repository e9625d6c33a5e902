import {
  Anchor,
  Alert,
  Button,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  expenseLimits,
  type CurrenciesResponse,
  type ExpenseCategory,
  type ExpenseSubcategory,
} from '@maya/contracts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconArrowLeft, IconCheck, IconChevronDown, IconChevronRight } from '../../../shared/ui/icons';
import { fuzzyOptionsFilter } from '../../auth';
import { useSaveExpense } from '../hooks/useExpenses';
import { expensesText as text, saveFailure } from '../messages';
import { validateExpense, valuesToInput, type ExpenseFormValues } from '../model/form';
import { expensesPath } from '../navigation';
import { DayInput } from '../../../shared/ui/DayInput';
import { showToast } from '../../../shared/ui/toast';

/** Dropdown search is fuzzy with a 0.4 similarity threshold (spec 001 §5). */
const fuzzy = fuzzyOptionsFilter;

type ExpenseFormProps = {
  organizationId: string | null;
  slug: string;
  id: string;
  initial: ExpenseFormValues;
  categories: readonly ExpenseCategory[];
  subcategories: readonly ExpenseSubcategory[];
  currencies: CurrenciesResponse['currencies'];
  readOnly: boolean;
};

/**
 * The expense form (spec 001 §2, §4, §5): Payment Date, Amount, currency, Category, Subcategory,
 * Is Marketing Related, Description, and under Advanced the period. Validated by the contract's
 * schema; Save shows a spinner while pending, returns to the list on success, and says
 * '{message}. Please try again later.' on failure.
 */
export function ExpenseForm(props: ExpenseFormProps) {
  const { organizationId, slug, id, initial, categories, subcategories, currencies, readOnly } = props;
  const navigate = useNavigate();
  const save = useSaveExpense(organizationId, id);
  const [failure, setFailure] = useState<string | null>(null);
  const [advanced, setAdvanced] = useState(initial.start_date !== '' || initial.end_date !== '');
  const form = useForm<ExpenseFormValues>({
    initialValues: initial,
    validate: validateExpense,
    onValuesChange: () => setFailure(null),
  });
  const category = form.getValues().category;

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(valuesToInput(values), {
      onSuccess: () => {
        showToast('success', text.saved);
        void navigate(expensesPath(slug));
      },
      onError: (error) => setFailure(saveFailure(error)),
    });
  });

  // A period error opens the section that holds it.
  const showAdvanced = advanced || form.errors.start_date !== undefined || form.errors.end_date !== undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={text.title}>
      <Stack gap="md" maw={560}>
        <Anchor component={Link} to={expensesPath(slug)} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} />
            {text.back}
          </Group>
        </Anchor>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DayInput label={text.paymentDate} withAsterisk {...form.getInputProps('payment_date')} />
          <Switch
            mt={{ base: 0, xs: 30 }}
            label={text.isMarketingRelated}
            {...form.getInputProps('is_marketing_related', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={text.amount}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...form.getInputProps('amount')}
          />
          <Select
            label={text.currency}
            searchable
            allowDeselect={false}
            filter={fuzzy}
            data={currencies.map((c) => ({ value: c.code, label: `${c.code} – ${c.name}` }))}
            {...form.getInputProps('currency_code')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={text.category}
            withAsterisk
            searchable
            filter={fuzzy}
            data={categories.map((c) => ({ value: c.id, label: c.name }))}
            {...form.getInputProps('category')}
            value={category === '' ? null : category}
            onChange={(value: string | null) => {
              form.setFieldValue('category', value ?? '');
              form.setFieldValue('subcategory', '');
            }}
          />
          <Select
            label={text.subcategory}
            withAsterisk
            searchable
            filter={fuzzy}
            disabled={category === ''}
            data={subcategories
              .filter((s) => s.category === category)
              .map((s) => ({ value: s.id, label: s.name }))}
            {...form.getInputProps('subcategory')}
            value={form.getValues().subcategory === '' ? null : form.getValues().subcategory}
            onChange={(value: string | null) => form.setFieldValue('subcategory', value ?? '')}
          />
        </SimpleGrid>
        <TextInput
          label={text.descriptionLabel}
          description={`${[...form.getValues().description].length}/${expenseLimits.descriptionMaxLength}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('description')}
        />
        <div>
          <UnstyledButton onClick={() => setAdvanced(!showAdvanced)} aria-expanded={showAdvanced}>
            <Group gap={6}>
              {showAdvanced ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              <Text fw={600} size="sm">
                {text.advanced}
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={showAdvanced}>
            <Text size="xs" c="dimmed" mt="xs" mb="sm">
              {text.advancedHint}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <DayInput label={text.periodStart} clearable {...form.getInputProps('start_date')} />
              <DayInput label={text.periodEnd} clearable {...form.getInputProps('end_date')} />
            </SimpleGrid>
          </Collapse>
        </div>
        {!readOnly && (
          <Group gap="sm">
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={save.isSuccess ? <IconCheck size={16} /> : null}
            >
              {text.save}
            </Button>
            <Button component={Link} to={expensesPath(slug)} variant="default">
              {text.cancel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
