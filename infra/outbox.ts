import { functionCode } from './function-code';
import { lambdaArchitecture, lambdaRuntime } from './function-bundles';
import type { Secrets } from './secrets';

/** The local server looks every 5 s (OUTBOX_INTERVAL_MS); here the dispatcher looks every minute. */
const DISPATCH_SCHEDULE = 'rate(1 minute)';

const entry = (name: 'outbox-worker' | 'outbox-dispatch' | 'outbox-push') =>
  functionCode(name, `functions/${name}/lambda.handler`);

/**
 * Delivery of the outbox on AWS (decision 030): an SES identity to send from, a queue whose consumer
 * runs the worker, and a cron that puts a message on the queue for each batch of due rows. The
 * consumer runs one at a time (reserved concurrency 1), so MAIL_PER_SECOND is the rate SES sees.
 * Two bundles: the SES and SQS clients together pass the 1 MB a bundle may weigh. Push rows go out
 * through a third, the OutboxPush cron's, for the same reason (web-push).
 */
export function createOutbox(secrets: Secrets, router: sst.aws.Router) {
  // The domain's DKIM and verification records are added by hand (dns: false): README.md "Deploy".
  const mail = new sst.aws.Email('Mail', { sender: secrets.MailSender.value, dns: false });
  const queue = new sst.aws.Queue('Outbox', { visibilityTimeout: '180 seconds' });
  const environment = {
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: router.url,
    DATABASE_URL: secrets.DatabaseUrl.value,
    SESSION_SECRET: secrets.SessionSecret.value,
    MAIL_FROM: secrets.MailFrom.value,
  };
  const common = { runtime: lambdaRuntime, architecture: lambdaArchitecture, memory: '512 MB' as const };
  queue.subscribe(
    {
      ...entry('outbox-worker'),
      ...common,
      // Under the queue's visibility timeout, so a run is never handed to a second consumer while it lasts.
      timeout: '120 seconds',
      concurrency: { reserved: 1 },
      link: [secrets.DatabaseUrl, secrets.SessionSecret, secrets.MailFrom, mail],
      environment,
    },
    { batch: { size: 1 } },
  );
  const dispatch = new sst.aws.CronV2('OutboxDispatch', {
    schedule: DISPATCH_SCHEDULE,
    function: {
      ...entry('outbox-dispatch'),
      ...common,
      memory: '256 MB',
      timeout: '30 seconds',
      link: [secrets.DatabaseUrl, secrets.SessionSecret, queue],
      environment: { ...environment, OUTBOX_QUEUE_URL: queue.url },
    },
  });
  // Push rows: their own cron and bundle (web-push would take the mail worker past 1 MB), one run at a time.
  const push = new sst.aws.CronV2('OutboxPush', {
    schedule: DISPATCH_SCHEDULE,
    function: {
      ...entry('outbox-push'),
      ...common,
      memory: '256 MB',
      timeout: '50 seconds',
      concurrency: { reserved: 1 },
      link: [secrets.DatabaseUrl, secrets.SessionSecret, secrets.VapidPublicKey, secrets.VapidPrivateKey],
      environment: {
        ...environment,
        VAPID_PUBLIC_KEY: secrets.VapidPublicKey.value,
        VAPID_PRIVATE_KEY: secrets.VapidPrivateKey.value,
      },
    },
  });
  return { mail, queue, dispatch, push };
}
