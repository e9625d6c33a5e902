import { Anchor, Button, Group, Skeleton, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { organizationPath, useFeatures } from '../../../organizations';
import { useCreateInvitation } from '../../hooks/useCreateInvitation';
import { inviteFailureMessage, settingsMessages } from '../../messages';
import { validateInvite, type InviteValues } from '../../schemas';

type InviteFormProps = { organizationId: string; organizationSlug: string };

/**
 * The invite form (spec 002 §2): an e-mail and Invite. It needs the plan feature can_add_users,
 * otherwise it gives way to 'Upgrade plan to add more users' (spec 002 §6). Features that fail to
 * load leave the form in place: the server decides.
 */
export function InviteForm({ organizationId, organizationSlug }: InviteFormProps) {
  const features = useFeatures(organizationId);
  const create = useCreateInvitation(organizationId);
  const form = useForm<InviteValues>({ initialValues: { email: '' }, validate: validateInvite });

  if (features.isPending) return <Skeleton height={36} maw={520} radius="md" aria-label="Loading" />;
  if (features.data?.can_add_users === false) {
    return (
      <Text size="sm">
        <Anchor component={Link} to={organizationPath(organizationSlug, 'billing/products')} fw={600}>
          {settingsMessages.upgradeToAddUsers}
        </Anchor>
      </Text>
    );
  }

  const submit = form.onSubmit(({ email }) => {
    const address = email.trim().toLowerCase();
    create.mutate(address, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        // spec 002 §8: a creation failure is logged; already_member is also shown.
        console.error('Creating the invitation failed', error);
        const message = inviteFailureMessage(error, address);
        if (message !== null) form.setFieldError('email', message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite">
      <Group align="flex-start" gap="sm" maw={520} wrap="nowrap">
        <TextInput
          aria-label="Email"
          placeholder="name@company.com"
          type="email"
          autoComplete="off"
          style={{ flex: 1, minWidth: 0 }}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={create.isPending} style={{ flexShrink: 0 }}>
          Invite
        </Button>
      </Group>
    </form>
  );
}
