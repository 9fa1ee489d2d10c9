import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_HANDLER,
  bundleDirOf,
  bundleTargets,
  lambdaArchitecture,
  lambdaRuntime,
} from '../../infra/function-bundles';
import { evaluateConfig, type Evaluation } from './support/sst-stubs';

/** The outbox's delivery on AWS as sst.config.ts declares it (decisions 029, 030). */
const root = path.resolve(import.meta.dirname, '../..');
const configUrl = pathToFileURL(path.join(root, 'sst.config.ts')).href;
let ci: Evaluation & { app: any };

beforeAll(async () => {
  ci = await evaluateConfig(configUrl, { stage: 'ci' });
});

describe('outbox on AWS', () => {
  it('sends mail from the SES identity of the MailSender secret', () => {
    expect(ci.one('Email', 'Mail').args).toEqual({ sender: '{Secret:MailSender.value}', dns: false });
  });

  it('runs the worker bundle as the queue’s only consumer, one message at a time, linked to SES and the database', () => {
    const queue = ci.one('Queue', 'Outbox');
    const { args } = ci.one('QueueSubscriber', 'Outbox');
    expect(args.batch).toEqual({ size: 1 });
    expect(args.subscriber).toMatchObject({
      bundle: bundleDirOf('outbox-worker'),
      handler: BUNDLE_HANDLER,
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      concurrency: { reserved: 1 },
    });
    expect(parseInt(args.subscriber.timeout, 10)).toBeLessThan(parseInt(queue.args.visibilityTimeout, 10));
    expect(args.subscriber.link).toContain(ci.one('Email', 'Mail').instance);
    expect(args.subscriber.link).toContain(ci.one('Secret', 'DatabaseUrl').instance);
    expect(args.subscriber.environment).toMatchObject({
      NODE_ENV: 'production',
      MAIL_FROM: '{Secret:MailFrom.value}',
      DATABASE_URL: '{Secret:DatabaseUrl.value}',
      PUBLIC_BASE_URL: '{Router:Site.url}',
    });
  });

  it('dispatches every minute to that queue', () => {
    const cron = ci.one('CronV2', 'OutboxDispatch');
    expect(cron.args.schedule).toBe('rate(1 minute)');
    expect(cron.args.function).toMatchObject({ bundle: bundleDirOf('outbox-dispatch'), handler: BUNDLE_HANDLER });
    expect(cron.args.function.link).toContain(ci.one('Queue', 'Outbox').instance);
    expect(cron.args.function.environment.OUTBOX_QUEUE_URL).toBe('{Queue:Outbox.url}');
    expect(bundleTargets.filter((t) => t.name.startsWith('outbox-')).map((t) => [t.name, t.usesAwsSdk])).toEqual([
      ['outbox-worker', true],
      ['outbox-dispatch', true],
      ['outbox-push', undefined],
    ]);
  });

  it('delivers push rows from their own bundle every minute, one run at a time, with the VAPID keys', () => {
    const cron = ci.one('CronV2', 'OutboxPush');
    expect(cron.args.schedule).toBe('rate(1 minute)');
    expect(cron.args.function).toMatchObject({
      bundle: bundleDirOf('outbox-push'),
      handler: BUNDLE_HANDLER,
      concurrency: { reserved: 1 },
    });
    expect(cron.args.function.environment).toMatchObject({
      VAPID_PUBLIC_KEY: '{Secret:VapidPublicKey.value}',
      VAPID_PRIVATE_KEY: '{Secret:VapidPrivateKey.value}',
    });
    expect(cron.args.function.link).toContain(ci.one('Secret', 'DatabaseUrl').instance);
  });

  it('under `sst dev` runs the source handlers', async () => {
    const dev = await evaluateConfig(configUrl, { stage: 'ana', dev: true });
    expect(dev.one('QueueSubscriber', 'Outbox').args.subscriber.handler).toBe('functions/outbox-worker/lambda.handler');
    expect(dev.one('CronV2', 'OutboxDispatch').args.function.handler).toBe('functions/outbox-dispatch/lambda.handler');
    expect(existsSync(path.join(root, 'functions/outbox-worker/lambda.ts'))).toBe(true);
  });
});
