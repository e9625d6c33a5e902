import { SaveOrganizationDestinationRequestSchema, credentialIssues } from '@maya/contracts';
import { z } from 'zod';
import { findDestination } from './catalog';

/**
 * The create-or-update body, with each credential checked against its field's pattern in the
 * chosen destination's form (spec 002 §5): a mismatch answers 422 naming the credential, with the
 * hint and the field's help, like any other invalid field. The rule is the contracts' one, which
 * the wizard applies too. An unknown destination is the service's 404.
 */
export const SaveOrganizationDestinationBodySchema = SaveOrganizationDestinationRequestSchema.check(
  z.superRefine((body, context) => {
    const destination = findDestination(body.destinationId);
    if (!destination) return;
    for (const issue of credentialIssues(destination.form, body.credentials)) {
      context.addIssue({ code: 'custom', path: ['credentials', issue.field], message: issue.message });
    }
  }),
);
