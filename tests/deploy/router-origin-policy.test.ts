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

/**
 * The origin secret (infra/router.ts) is set by code injected at the start of the Router's
 * viewer-request function, and reaches the functions as a viewer header through the policy above.
 * This pins that SST runs the injection for every request, before it picks the route's origin.
 */
describe('the Router runs its viewer-request injection on every request, before routing', () => {
  it('places edge.viewerRequest.injection first in the handler of its request function', () => {
    const source = readFileSync(routerSource, 'utf8');
    expect(source).toMatch(/const userInjection = edge\?\.viewerRequest\?\.injection \?\? "";/);
    expect(source).toMatch(
      /async function handler\(event\) \{\s*\$\{userInjection\}\s*\$\{blockCloudfrontUrlInjection\}\s*\$\{CF_ROUTER_INJECTION\}/,
    );
    // Lazy routes (router.route) are chosen inside that same function: one behaviour, one function.
    expect(source).toMatch(/functionAssociations: all\(\[\s*requestFunction,/);
  });
});
