/** Accounts: public and full user, sign-in, the calendar feed token. (core/response-schemas.ts re-exports every file of this folder.) */
import { z } from '../zod';
import { userRoles } from '../types';

// Users

export const publicUserResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
});
export type PublicUser = z.output<typeof publicUserResponse>;

export const userResponse = publicUserResponse.extend({ email: z.string(), role: z.enum(userRoles) });
export type User = z.output<typeof userResponse>;
export type AdminUser = User;

/** POST /api/users/auth/google, and GET /api/users/profile when the session token was renewed. */
export const signedInResponse = userResponse.extend({ token: z.string() });
export const profileResponse = userResponse.extend({ token: z.string().optional() });

/** POST /api/users/feed-token: the private favourites calendar's address. */
export const feedTokenResponse = z.object({ token: z.string(), url: z.string(), webcal: z.string() });
