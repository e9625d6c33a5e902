import { Button, Stack, TextInput } from '@mantine/core';
import { GOOGLE_PLAY_BUCKET_PREFIX } from '@maya/contracts';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { GoogleIcon } from '../../../../shared/ui/brandIcons';
import { useStartAuthorization } from '../../hooks/useStartAuthorization';
import { sourcesMessages } from '../../messages';
import { readGooglePlayBucket, storeGooglePlayBucket, storeServiceUuid } from '../../redirectStorage';
import { FormError } from '../FormError';
import { GooglePlayReturn } from './GooglePlayReturn';
import { SetupGate, type SetupFormProps } from './SetupGate';
import { GOOGLE_PLAY_RETURN, GooglePlayBucketFormSchema, googlePlayGuideSteps } from './googlePlay';
import { SetupLayout } from './SetupLayout';

/**
 * /organization/:slug/sources/setup/google_play/:serviceUuid (spec 001 §2): the Cloud Storage URI
 * and Google's authorization; `oauth` instead of the uuid is the return from Google. With `oauth`
 * and no query string it navigates back.
 */
export function GooglePlaySetupPage() {
  const { serviceUuid = '' } = useParams();
  const [searchParams] = useSearchParams();
  if (serviceUuid === GOOGLE_PLAY_RETURN) {
    if (searchParams.size === 0) return <NavigateBack />;
    return (
      <SetupGate serviceUuid={null} serviceId="google_play">
        {(organization, service) => (
          <GooglePlayReturn organization={organization} service={service} searchParams={searchParams} />
        )}
      </SetupGate>
    );
  }
  return (
    <SetupGate serviceUuid={serviceUuid} serviceId="google_play">
      {(organization, service) => <GooglePlayForm organization={organization} service={service} />}
    </SetupGate>
  );
}

/** Goes one entry back in the history, once (React's development double effects included). */
function NavigateBack() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void navigate(-1);
  }, [navigate]);
  return null;
}

function GooglePlayForm({ organization, service }: SetupFormProps) {
  const start = useStartAuthorization();
  const form = useForm({
    // Back from a failed attempt, the URI typed then is still there.
    initialValues: { bucket: readGooglePlayBucket() ?? '' },
    validate: zod4Resolver(GooglePlayBucketFormSchema),
    // Said when the field is left or on Authorize; typing clears it until the next time.
    validateInputOnBlur: true,
    transformValues: ({ bucket }) => ({ bucket: bucket.trim() }),
  });
  const empty = form.getValues().bucket.trim() === '';

  const authorize = ({ bucket }: { bucket: string }) => {
    if (bucket === '') return;
    storeGooglePlayBucket(bucket);
    storeServiceUuid(service.uuid);
    start.mutate({ organizationId: organization.id, serviceId: service.id, serviceUuid: service.uuid });
  };

  return (
    <SetupLayout
      slug={organization.slug}
      service={service}
      description="Load your apps' installs, ratings and revenue from the Play Console's reports bucket."
      guide={{ steps: googlePlayGuideSteps, defaultOpen: true }}
    >
      <form onSubmit={form.onSubmit(authorize)} aria-label={`${service.name} setup`} noValidate>
        <Stack gap="md">
          <TextInput
            label={sourcesMessages.bucket}
            placeholder={`${GOOGLE_PLAY_BUCKET_PREFIX}pubsite_prod_rev_01234567890123456789`}
            {...form.getInputProps('bucket')}
            autoComplete="off"
            spellCheck={false}
          />
          {start.isError && <FormError>{sourcesMessages.authorizationStartFailed}</FormError>}
          <Button
            type="submit"
            variant="default"
            size="md"
            leftSection={<GoogleIcon />}
            disabled={empty}
            // Spinning until the browser has left for Google.
            loading={start.isPending || start.isSuccess}
            w="fit-content"
          >
            {sourcesMessages.authorizeWithGoogle}
          </Button>
        </Stack>
      </form>
    </SetupLayout>
  );
}
