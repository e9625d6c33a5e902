export {
  createUsersService,
  type Identity,
  type IdentityProvider,
  type SignInMethods,
  type UserRow,
  type UsersService,
} from './service';
