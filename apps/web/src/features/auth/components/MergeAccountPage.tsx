import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { authMessages } from '../messages';
import { readMergeQuery } from '../navigation';
import { AuthCard, FormError } from './AuthCard';
import { ConfirmMerge } from './merge/ConfirmMerge';
import { MergeInstructions } from './merge/MergeInstructions';
import { SetPasswordMerge } from './merge/SetPasswordMerge';

/**
 * /merge-account (spec 000 §2 Account merge): the instructions after a refused sign-in, or, from
 * the e-mailed link (request_id), the set-password form (provider=maya) or the confirmation of the
 * provider account to link.
 */
export function MergeAccountPage() {
  const [searchParams] = useSearchParams();
  const query = readMergeQuery(searchParams);
  const { email, requestId, provider, isMona } = query;

  if (email === '' || provider === null) {
    return (
      <AuthCard title="Merge your accounts">
        <FormError message={authMessages.mergeLinkInvalid} />
        <Button component={Link} to="/sign-in" size="md" fullWidth variant="default">
          Back
        </Button>
      </AuthCard>
    );
  }
  if (requestId === '') return <MergeInstructions query={query} provider={provider} />;
  if (provider === 'maya') return <SetPasswordMerge email={email} requestId={requestId} />;
  return <ConfirmMerge email={email} requestId={requestId} provider={provider} isMona={isMona} />;
}
