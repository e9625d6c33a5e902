import { accounts, PASSWORD_MIN_LENGTH } from '@maya/contracts';
import { Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useFinishMerge } from '../../hooks/useFinishMerge';
import { useMergeAccounts, useMergeStatus } from '../../hooks/useMerge';
import { mergeErrorMessage, weakPasswordMessage } from '../../messages';
import { validateSetPassword, type SetPasswordValues } from '../../schemas';
import { AuthCard, FormError } from '../AuthCard';

type SetPasswordMergeProps = { email: string; requestId: string };

/**
 * The e-mailed link for adding a password (provider=maya, spec 000 §2): new and repeated
 * password, then polls every 5 s until merged and signs in with that password.
 */
export function SetPasswordMerge({ email, requestId }: SetPasswordMergeProps) {
  const form = useForm<SetPasswordValues>({
    initialValues: { new_password: '', repeat_password: '' },
    validate: validateSetPassword,
  });
  const merge = useMergeAccounts();
  const [password, setPassword] = useState<string | null>(null);
  const { finish, finishing } = useFinishMerge();
  const status = useMergeStatus(
    { email, provider: 'maya' },
    { enabled: password !== null && merge.data?.is_merged !== true && !finishing, afterPasswordSet: true },
  );

  const merged = password !== null && (merge.data?.is_merged === true || status.data?.is_merged === true);
  useEffect(() => {
    if (merged && password !== null) finish({ email, provider: 'maya', isMona: false, password });
  }, [merged, password, finish, email]);

  if (password !== null) {
    return (
      <AuthCard title="Password set" subtitle="Finishing the merge of your accounts…">
        <Center>
          <Loader aria-label="Merging" />
        </Center>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) =>
    merge.mutate(
      { request_id: requestId, email, new_password: values.new_password },
      {
        onSuccess: () => setPassword(values.new_password),
        onError: (error) => {
          const weak = weakPasswordMessage(error);
          if (weak !== null) form.setFieldError('new_password', weak);
        },
      },
    ),
  );
  const failure =
    merge.isError && weakPasswordMessage(merge.error) === null ? mergeErrorMessage(merge.error) : null;

  return (
    <AuthCard title="Set a password" subtitle={`Choose the password you will sign in with as ${email}.`}>
      <form onSubmit={submit} noValidate aria-label="Set password">
        <FormError message={failure} />
        <Stack gap="md">
          <PasswordInput
            label="New password"
            description={`Use at least ${PASSWORD_MIN_LENGTH} characters.`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            size="md"
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Repeat password"
            autoComplete="new-password"
            size="md"
            {...form.getInputProps('repeat_password')}
          />
          <Button type="submit" size="md" fullWidth mt="xs" loading={merge.isPending}>
            Set password
          </Button>
          <Button component={Link} to="/sign-in" size="md" fullWidth variant="default">
            Back
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            The link expires after {accounts.mergeLinkValidityHours} hours.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
