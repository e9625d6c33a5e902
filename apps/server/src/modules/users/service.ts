import type { User } from '@maya/contracts';
import type { Platform } from '../../platform/platform';
import { usersRepository, type Identity, type NewUser, type UserRow } from './repository';

export type { Identity, IdentityProvider, UserRow } from './repository';

/** Which sign-in methods an account has (spec 000 §3 sign-in error detail). */
export type SignInMethods = {
  is_password_signin: boolean;
  is_google_signin: boolean;
  is_microsoft_signin: boolean;
};

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(platform: Pick<Platform, 'database'>) {
  const repository = usersRepository(platform.database.db);
  return {
    findById: repository.findById.bind(repository),
    findByEmail: repository.findByEmail.bind(repository),
    findMany: repository.findMany.bind(repository),
    findByIdentity: repository.findByIdentity.bind(repository),
    linkIdentity: repository.linkIdentity.bind(repository),
    proveAddress: repository.proveAddress.bind(repository),
    create: (values: NewUser) => repository.insert(values),
    update: (id: string, values: Partial<NewUser>) => repository.update(id, values),

    async methods(user: UserRow): Promise<SignInMethods> {
      const identities = await repository.identities(user.id);
      return {
        is_password_signin: user.passwordHash !== null,
        is_google_signin: identities.some((i) => i.provider === 'google'),
        is_microsoft_signin: identities.some((i) => i.provider === 'microsoft'),
      };
    },

    async hasIdentity(userId: string, provider: Identity['provider']): Promise<boolean> {
      return (await repository.identities(userId)).some((identity) => identity.provider === provider);
    },

    toResponse(user: UserRow, organizationsCount: number): User {
      return {
        id: user.id,
        email: user.email,
        date_joined: user.dateJoined.toISOString(),
        organizations_count: organizationsCount,
        is_email_verified: user.isEmailVerified,
        is_staff: user.isStaff,
        is_admin: user.isStaff,
        has_password: user.passwordHash !== null,
        profile: {
          first_name: user.firstName,
          last_name: user.lastName,
          company_name: user.companyName,
          company_position: user.companyPosition,
        },
      };
    },
  };
}
