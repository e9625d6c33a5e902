import { PASSWORD_MIN_LENGTH } from '@maya/contracts';
import { Alert, Box, Button, Group, PasswordInput, Stack, Tabs, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useChangePassword } from '../hooks/usePasswordMutations';
import { authMessages, changePasswordFailure } from '../messages';
import { validateChangePassword, type ChangePasswordValues } from '../schemas';

/** The account tabs (spec 002 §2): only change-password, which is also the default. */
export type AccountSettingsTab = 'change-password';
const TABS: readonly { value: AccountSettingsTab; label: string }[] = [
  { value: 'change-password', label: 'Change password' },
];
const DEFAULT_TAB: AccountSettingsTab = 'change-password';

function isTab(value: string | undefined): value is AccountSettingsTab {
  return TABS.some((tab) => tab.value === value);
}

const emptyValues: ChangePasswordValues = { current_password: '', new_password: '', repeat_password: '' };

/** Change password (spec 002 §2, §4, §5, §8). */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordValues>({
    initialValues: emptyValues,
    validate: validateChangePassword,
  });
  const change = useChangePassword();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: () => {
          form.setValues(emptyValues);
          form.resetDirty(emptyValues);
          setOutcome({ kind: 'success', message: authMessages.passwordChanged });
        },
        onError: (error) => {
          const failure = changePasswordFailure(error);
          if (failure.field === null) setOutcome({ kind: 'error', message: failure.message });
          else form.setFieldError(failure.field, failure.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="md" maw={420}>
        {outcome !== null && (
          <Alert
            color={outcome.kind === 'success' ? 'teal' : 'red'}
            variant="light"
            role={outcome.kind === 'success' ? 'status' : 'alert'}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setOutcome(null)}
          >
            {outcome.message}
          </Alert>
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="new-password"
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Repeat password"
          autoComplete="new-password"
          {...form.getInputProps('repeat_password')}
        />
        <Group>
          <Button type="submit" disabled={form.values.current_password === ''} loading={change.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /organization/:organizationSlug/account-settings(/:tab): the page content inside the app shell. */
export function AccountSettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  // account-settings/ opens the first tab; an unknown tab gives way to it.
  if (!isTab(tab))
    return <Navigate to={tab === undefined ? DEFAULT_TAB : `../${DEFAULT_TAB}`} relative="path" replace />;

  return (
    <Box p={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={28} mb="lg">
        Account
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value ?? undefined)) void navigate(`../${value}`, { relative: 'path' });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="xl">
          {TABS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="change-password">
          <ChangePasswordForm />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
