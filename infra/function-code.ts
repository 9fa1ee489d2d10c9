import { BUNDLE_HANDLER, bundleDirOf, lambdaExternals, lambdaNativePackages } from './function-bundles';

/**
 * Deployed: the bundle `npm run bundle` built and measured (sst.config.ts checks it is current).
 * Under `sst dev`: the source handler, bundled by SST on each change for Live Lambda (it runs on the
 * developer's machine, where native packages resolve from the repository's node_modules).
 */
export function functionCode(name: string, sourceHandler: string) {
  if ($dev)
    return { handler: sourceHandler, nodejs: { esbuild: { external: [...lambdaExternals, ...lambdaNativePackages] } } };
  return { bundle: bundleDirOf(name), handler: BUNDLE_HANDLER };
}
