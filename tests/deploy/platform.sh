#!/usr/bin/env bash
# SST's platform (its component types and providers, about 300 MB from npm and the providers'
# registry) in .sst/platform, unless that version is already there. Mostly waiting on the network:
# .ci/run starts it in the background right after `npm ci`, so it is ready by the deployment tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SST_SKIP_DEPENDENCY_CHECK=true SST_TELEMETRY_DISABLED=1 SST_NO_BUN=1
wanted="$(node -p "require('./node_modules/sst/package.json').version")"
if [ ! -f .sst/platform/config.d.ts ] || [ "$(cat .sst/platform/version 2>/dev/null)" != "$wanted" ]; then
  SST_STAGE=ci npx sst install
fi
