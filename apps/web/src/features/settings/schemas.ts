import { CreateInvitationSchema } from '@maya/contracts';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod/mini';

/** The invite form, validated by the contract's rule for POST /invitations (spec 002 §2, §5). */
export type InviteValues = { email: string };
export const validateInvite: (values: InviteValues) => FormErrors = zod4Resolver(
  z.pick(CreateInvitationSchema, { email: true }),
  { errorPriority: 'first' },
);
