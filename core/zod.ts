import { z } from 'zod';
import { es } from 'zod/v4/locales';

// Default messages in Spanish for anything a schema does not word itself (every error the API sends is Spanish text for people).
z.config(es());
// In the browser (pages and service worker) the Content-Security-Policy allows no eval
// (functions/lib/security-policy.ts): zod's compiled parsers would only probe for it with
// `new Function`, which the browser reports as a policy violation (an issue on every page that
// parses a form). Set before any schema is built, since each object schema decides then. Node (the
// server, the tests) keeps the compiled parsers.
if (typeof (globalThis as { process?: unknown }).process === 'undefined') z.config({ jitless: true });

export { z };
