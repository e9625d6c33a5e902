import { Button, Stack, TextInput } from '@mantine/core';
import { GOOGLE_PLAY_BUCKET_PREFIX } from '@maya/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { GoogleIcon } from '../../../../shared/ui/brandIcons';
import { useStartAuthorization } from '../../hooks/useStartAuthorization';
import { sourcesMessages } from '../../messages';
import { readGooglePlayBucket, storeGooglePlayBucket, storeServiceUuid } from '../../redirectStorage';
import { FormError } from '../FormError';
import { GooglePlayReturn } from './GooglePlayReturn';
import { SetupGate, type SetupFormProps } from './SetupGate';
import { bucketError, GOOGLE_PLAY_RETURN, googlePlayGuideSteps } from './googlePlay';
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
  // Back from a failed attempt, the URI typed then is still there.
  const [bucket, setBucket] = useState(() => readGooglePlayBucket() ?? '');
  const [touched, setTouched] = useState(false);
  const value = bucket.trim();
  const invalid = bucketError(value);

  const authorize = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (value === '' || invalid !== null) return;
    storeGooglePlayBucket(value);
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
      <form onSubmit={authorize} aria-label={`${service.name} setup`} noValidate>
        <Stack gap="md">
          <TextInput
            label={sourcesMessages.bucket}
            value={bucket}
            placeholder={`${GOOGLE_PLAY_BUCKET_PREFIX}pubsite_prod_rev_01234567890123456789`}
            onChange={(event) => setBucket(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? invalid : null}
            autoComplete="off"
            spellCheck={false}
          />
          {start.isError && <FormError>{sourcesMessages.authorizationStartFailed}</FormError>}
          <Button
            type="submit"
            variant="default"
            size="md"
            leftSection={<GoogleIcon />}
            disabled={value === ''}
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
