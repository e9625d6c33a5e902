import { UserSchema, type User } from '@maya/contracts';
import { apiClient, type ApiClient } from '../api/client';

/** GET /user: the signed-in user (spec 000 §3 User). */
export function getCurrentUser(client: ApiClient = apiClient): Promise<User> {
  return client.get('/user', { parse: (data) => UserSchema.parse(data) });
}
