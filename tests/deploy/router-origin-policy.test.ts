import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rate limits on Lambda key on CloudFront-Viewer-Address (functions/lib/rate-limit.ts). CloudFront
 * sends that header to an origin only when the behaviour's origin request policy includes it; the
 * SST Router gives every route CloudFront's managed AllViewerExceptHostHeader policy, which forwards
 * the viewer's headers except Host plus CloudFront's viewer headers, CloudFront-Viewer-Address
 * among them. An SST upgrade that changed that policy would silently coarsen the limits to one per
 * CloudFront edge address, so this pins it. (`npm run test:deploy` installs the SST platform first.)
 */
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const routerSource = path.resolve(import.meta.dirname, '../../.sst/platform/src/components/aws/router.ts');

describe('the Router forwards CloudFront-Viewer-Address to the API functions', () => {
  it("uses CloudFront's managed AllViewerExceptHostHeader origin request policy for every behaviour", () => {
    const source = readFileSync(routerSource, 'utf8');
    const policies = [...source.matchAll(/originRequestPolicyId:\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(policies.length).toBeGreaterThan(0);
    expect(new Set(policies)).toEqual(new Set([ALL_VIEWER_EXCEPT_HOST_HEADER]));
  });
});
