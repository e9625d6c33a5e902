import { CreateInvitationSchema } from '@maya/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';

/** The invite form, validated by the contract's rule for POST /invitations (spec 002 §2, §5). */
export type InviteValues = { email: string };
export const validateInvite: (values: InviteValues) => FormErrors = zod4Resolver(
  CreateInvitationSchema.pick({ email: true }),
  { errorPriority: 'first' },
);
