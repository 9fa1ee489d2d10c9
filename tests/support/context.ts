import type { DatabaseHandle } from '#db/client';
import type { startJwksServer } from './jwks-server';

export const TEST_CLIENT_ID = 'festivales-test.apps.googleusercontent.com';
export const TEST_ADMIN_EMAIL = 'admin@festivales.test';
/** What the CloudFront Router sends Lambda in x-origin-verify, in tests (tests/deploy/support/lambda-event.ts). */
export const TEST_ORIGIN_SECRET = 'test-origin-secret-sent-by-the-router-0123456789';

interface TestContext {
  handle: DatabaseHandle;
  jwks: Awaited<ReturnType<typeof startJwksServer>>;
}

let context: TestContext | undefined;

export function setTestContext(value: TestContext) {
  context = value;
}

export function testContext(): TestContext {
  if (!context) throw new Error('tests/support/setup-database.ts has not run');
  return context;
}
