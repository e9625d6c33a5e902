import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSignOut } from '../../../shared/auth/useSignOut';
import { CenteredPage } from '../../../shared/ui/CenteredPage';
import { IconBuilding } from '../../../shared/ui/icons';
import { Logo } from '../../../shared/ui/Logo';
import { useCreateOrganization } from '../hooks/useCreateOrganization';
import { useUserOrganizations } from '../hooks/useUserOrganizations';
import { DESTINATIONS_STATE, memberOrganizations } from '../navigation';
import { CreateOrganizationForm } from './CreateOrganizationForm';

/**
 * `/create-organization` (spec 000 §2). Continue creates the organization and goes to `/` with the
 * destinations flag. Cancel goes to `/` when the user has an organization of their own; otherwise
 * it signs out (the user_id cookie goes) and goes to `/` with the destinations flag.
 */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const state = useUserOrganizations();
  const create = useCreateOrganization();
  const [cancelling, setCancelling] = useState(false);

  if (state.status === 'unverified') return <Navigate to={state.verifyUrl} replace />;

  const cancel = async () => {
    const hasOrganizations = state.status !== 'ready' || memberOrganizations(state.organizations).length > 0;
    if (hasOrganizations) {
      await navigate('/');
      return;
    }
    setCancelling(true);
    await signOut({ to: '/', state: DESTINATIONS_STATE });
  };

  const submit = (name: string) =>
    create.mutate(name, { onSuccess: () => void navigate('/', { state: DESTINATIONS_STATE }) });

  return (
    <CenteredPage>
      <Stack w="100%" maw={480} gap="xl">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="md" p={{ base: 'lg', xs: 36 }}>
          <Stack gap={6} mb="xl" align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconBuilding size={24} />
            </ThemeIcon>
            <Title order={1} fz={24} c="dark.8" mt="xs">
              Create an organization
            </Title>
            <Text c="dimmed" size="sm" maw={360}>
              An organization holds your data sources, reports and team members.
            </Text>
          </Stack>
          <CreateOrganizationForm
            onSubmit={submit}
            onCancel={() => void cancel()}
            submitting={create.isPending || create.isSuccess}
            cancelling={cancelling}
            failed={create.isError}
          />
        </Paper>
      </Stack>
    </CenteredPage>
  );
}
