import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { GOOGLE_PLAY_BUCKET_PREFIX, type Organization, type Service } from '@maya/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { navigateExternal } from '../../../../shared/lib/browser';
import { useStartAuthorization } from '../../hooks/useStartAuthorization';
import { sourcesMessages } from '../../messages';
import { storeGooglePlayBucket, storeServiceUuid } from '../../redirectStorage';
import { GoogleMark } from '../icons';
import { GooglePlayReturn } from './GooglePlayReturn';
import { SetupGate } from './SetupGate';
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

function GooglePlayForm({ organization, service }: { organization: Organization; service: Service }) {
  const { mutate } = useStartAuthorization();
  const [bucket, setBucket] = useState('');
  const [touched, setTouched] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [failed, setFailed] = useState(false);
  const value = bucket.trim();
  const invalid = bucketError(value);

  const authorize = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (value === '' || invalid !== null) return;
    setFailed(false);
    setRedirecting(true);
    storeGooglePlayBucket(value);
    storeServiceUuid(service.uuid);
    mutate(
      { organizationId: organization.id, serviceId: service.id, serviceUuid: service.uuid },
      {
        onSuccess: (authorizationUrl) => navigateExternal(authorizationUrl),
        onError: (error) => {
          console.error('Starting the Google authorization failed', error);
          setRedirecting(false);
          setFailed(true);
        },
      },
    );
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
          {failed && (
            <Alert color="red" variant="light" role="alert" p="sm">
              <Text size="sm">{sourcesMessages.authorizationStartFailed}</Text>
            </Alert>
          )}
          <Button
            type="submit"
            variant="default"
            size="md"
            leftSection={<GoogleMark />}
            disabled={value === ''}
            loading={redirecting}
            w="fit-content"
          >
            {sourcesMessages.authorizeWithGoogle}
          </Button>
        </Stack>
      </form>
    </SetupLayout>
  );
}
