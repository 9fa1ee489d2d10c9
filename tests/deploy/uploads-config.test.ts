import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { pendingKey } from '../../functions/lib/storage/pending';
import { UPLOAD_SWEEP_INTERVAL_MS } from '../../functions/lib/domain/uploads/sweep';
import { BUNDLE_HANDLER, bundleDirOf, lambdaArchitecture, lambdaRuntime } from '../../infra/function-bundles';
import { uploadsCors } from '../../infra/uploads-cors';
import { evaluateConfig, type Evaluation } from './support/sst-stubs';

/** The uploads bucket and the sweep of unconfirmed uploads as sst.config.ts declares them (docs/decisions/009, 021). */
const root = path.resolve(import.meta.dirname, '../..');
const configUrl = pathToFileURL(path.join(root, 'sst.config.ts')).href;
let ci: Evaluation & { app: any };

beforeAll(async () => {
  ci = await evaluateConfig(configUrl, { stage: 'ci' });
});

describe('uploads bucket', () => {
  it('allows browser PUTs from the site origin only and reads of confirmed images (users/) through this stage’s CDN only', () => {
    const { args } = ci.one('Bucket', 'Uploads');
    expect(args.cors).toEqual(uploadsCors(['{Router:Site.url}']));
    expect(args.access).toBeUndefined();
    expect(args.public).toBeUndefined();
    expect(args.policy).toEqual([
      {
        actions: ['s3:GetObject'],
        principals: [{ type: 'service', identifiers: ['cloudfront.amazonaws.com'] }],
        paths: ['users/*'],
        conditions: [{ test: 'StringEquals', variable: 'AWS:SourceArn', values: ['{Router:Site.distributionArn}'] }],
      },
    ]);
  });

  it('never lets the CDN read an unconfirmed upload: /uploads/pending/... maps to keys the policy does not grant', () => {
    const uploads = ci.routes.find((r) => r.kind === 'bucket')!;
    const objectKey = (requestPath: string) =>
      requestPath.replace(new RegExp(uploads.args.rewrite.regex), uploads.args.rewrite.to).slice(1);
    const granted = (key: string) =>
      (ci.one('Bucket', 'Uploads').args.policy as { paths: string[] }[]).some((statement) =>
        statement.paths.some((p) => (p.endsWith('*') ? key.startsWith(p.slice(0, -1)) : key === p)),
      );
    const pending = objectKey(`/uploads/${pendingKey('users/1/gallery/0b7c.png')}`);
    expect(pending).toBe('pending/users/1/gallery/0b7c.png');
    expect(granted(pending)).toBe(false);
    expect(granted(objectKey('/uploads/users/1/gallery/0b7c.png'))).toBe(true);
  });

  it('expires what is left under pending/ after a day, behind the sweep', () => {
    expect(ci.one('Bucket', 'Uploads').args.lifecycle).toEqual([
      { id: 'expire-pending-uploads', prefix: 'pending/', expiresIn: '1 day' },
    ]);
  });
});

describe('sweep of unconfirmed uploads', () => {
  it('runs the sweep-uploads bundle on a schedule as often as the local server, linked to the database and the bucket only', () => {
    const cron = ci.one('CronV2', 'UploadSweep');
    expect(cron.args.schedule).toBe(`rate(${UPLOAD_SWEEP_INTERVAL_MS / 60_000} minutes)`);
    expect(cron.args.function).toMatchObject({
      bundle: bundleDirOf('sweep-uploads'),
      handler: BUNDLE_HANDLER,
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
    });
    expect(cron.args.function.link).toEqual([
      ci.one('Secret', 'DatabaseUrl').instance,
      ci.one('Bucket', 'Uploads').instance,
    ]);
    expect(cron.args.function.environment).toBeUndefined();
  });

  it('under `sst dev` runs the source handler', async () => {
    const dev = await evaluateConfig(configUrl, { stage: 'ana', dev: true });
    expect(dev.one('CronV2', 'UploadSweep').args.function.handler).toBe('functions/sweep-uploads/lambda.handler');
    expect(existsSync(path.join(root, 'functions/sweep-uploads/lambda.ts'))).toBe(true);
  });
});
