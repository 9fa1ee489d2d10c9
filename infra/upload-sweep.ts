import { functionCode } from './function-code';
import { lambdaArchitecture, lambdaRuntime } from './function-bundles';
import type { Secrets } from './secrets';

export const UPLOAD_SWEEP_HANDLER = 'functions/sweep-uploads/lambda.handler';
/** The local server sweeps as often (UPLOAD_SWEEP_INTERVAL_MS in functions/lib/domain/uploads/sweep.ts; tests/deploy checks). */
const UPLOAD_SWEEP_SCHEDULE = 'rate(15 minutes)';

/**
 * Removes uploads nobody confirmed within an hour, their rows in Neon and their private objects
 * in the bucket (docs/decisions/021-private-uploads-until-confirmed.md). EventBridge Scheduler
 * invokes the function; it is linked to the database URL and the bucket only.
 */
export function createUploadSweep(secrets: Secrets, uploads: { bucket: sst.aws.Bucket }) {
  return new sst.aws.CronV2('UploadSweep', {
    schedule: UPLOAD_SWEEP_SCHEDULE,
    function: {
      ...functionCode('sweep-uploads', UPLOAD_SWEEP_HANDLER),
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      memory: '256 MB',
      timeout: '120 seconds',
      link: [secrets.DatabaseUrl, uploads.bucket],
    },
  });
}
