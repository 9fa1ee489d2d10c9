import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The port of the e2e server this process works with. Each Playwright worker has a server of its
 * own (playwright.config.ts: E2E_PORT plus the worker's parallel index), and each server process
 * is started with its own E2E_PORT, so a server and the worker using it find the same files and ports.
 */
export const E2E_SERVER_PORT = Number(process.env.E2E_PORT ?? 3100) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const E2E_CLIENT_ID = 'festivales-e2e.apps.googleusercontent.com';
export const E2E_ADMIN_EMAIL = 'admin@festivales.e2e';
/** The private key the e2e server's key set publishes, shared with the tests through a file. */
export const E2E_KEY_FILE = path.join(tmpdir(), `festivales-e2e-key-${E2E_SERVER_PORT}.json`);
/** The e2e server's session secret: tests mint session tokens with it to play with time (renewal). */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789-0123456789';
/** Where the e2e server's SMTP server writes each message it accepts (support/serve.ts), one .eml file each. */
export const E2E_MAIL_DIR = path.join(tmpdir(), `festivales-e2e-mail-${E2E_SERVER_PORT}`);
/**
 * The port of the official website a browser test serves (a festival's verification tag), which the
 * e2e server may fetch (IMPORT_ALLOW_HOSTS), and of the e2e server's push service control: the
 * server's process runs a push service on loopback (its own certificate, trusted there only) and
 * answers the tests on this port with a new device's subscription and what that device received.
 */
export const E2E_SITE_PORT = E2E_SERVER_PORT + 40;
export const E2E_PUSH_CONTROL_PORT = E2E_SERVER_PORT + 60;
/** The stand-in for the artists' player hosts ('Escuchar'): the e2e server's EMBED_TEST_ORIGIN, served by the test. */
export const E2E_EMBED_PORT = E2E_SERVER_PORT + 80;
