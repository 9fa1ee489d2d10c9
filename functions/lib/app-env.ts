import type { UserRole } from '#core/types';

/** The signed-in user as the handlers see it (functions/lib/auth.ts loads it from the session). */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  role: UserRole;
}

/** What every app's context carries: one type for the apps, the auth middleware and the routes. */
export interface AppEnv {
  Variables: {
    user: AuthUser | null;
    /** Set by requestContext: returned in X-Request-Id, in error bodies and in the log line. */
    requestId: string;
  };
}
