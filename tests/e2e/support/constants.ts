import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_CLIENT_ID = 'festivales-e2e.apps.googleusercontent.com';
export const E2E_ADMIN_EMAIL = 'admin@festivales.e2e';
/** The private key the e2e server's key set publishes, shared with the tests through a file. */
export const E2E_KEY_FILE = path.join(tmpdir(), `festivales-e2e-key-${process.env.E2E_PORT ?? 3100}.json`);
/** The e2e server's session secret: tests mint session tokens with it to play with time (renewal). */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789-0123456789';
/** Where the e2e server's SMTP server writes each message it accepts (support/serve.ts), one .eml file each. */
export const E2E_MAIL_DIR = path.join(tmpdir(), `festivales-e2e-mail-${process.env.E2E_PORT ?? 3100}`);
/**
 * The port of the official website a browser test serves (a festival's verification tag), which the
 * e2e server may fetch (IMPORT_ALLOW_HOSTS), and of the e2e server's push service control: the
 * server's process runs a push service on loopback (its own certificate, trusted there only) and
 * answers the tests on this port with a new device's subscription and what that device received.
 */
export const E2E_SITE_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
export const E2E_PUSH_CONTROL_PORT = Number(process.env.E2E_PORT ?? 3100) + 21;
/** The stand-in for the artists' player hosts ('Escuchar'): the e2e server's EMBED_TEST_ORIGIN, served by the test. */
export const E2E_EMBED_PORT = Number(process.env.E2E_PORT ?? 3100) + 22;
