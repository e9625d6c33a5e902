import { z } from 'zod/mini';
import { companyNameSchema, companyPositionSchema } from './validation';

export const ProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  company_position: z.string(),
});

/** GET /user (spec 000 §3 User). */
export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  date_joined: z.iso.datetime(),
  organizations_count: z.int(),
  is_email_verified: z.boolean(),
  is_staff: z.boolean(),
  is_admin: z.boolean(),
  has_password: z.boolean(),
  profile: ProfileSchema,
});
export type User = z.infer<typeof UserSchema>;

export const UpdateProfileSchema = z.object({
  company_name: companyNameSchema,
  company_position: companyPositionSchema,
});
export const UpdateProfileResponseSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  profile: ProfileSchema,
});
