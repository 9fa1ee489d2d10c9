/** The web's configuration: the only reader of import.meta.env (one module per runtime reads the environment, so a missing variable is found in one place). */
export const webEnv = {
  /** Google Identity Services client id; without it the manual sign-in fallback shows. */
  googleClientId: (import.meta.env.GOOGLE_CLIENT_ID as string | undefined) || undefined,
  /** Same-origin API by default; the SPA and /api share one host locally and on the CDN. */
  apiBase: '',
};
