#!/usr/bin/env bash
# `npm run test:deploy`: proves the serverless deployment without AWS.
#   1. sst.config.ts and infra/ type-check against SST's component types (`sst install`, from npm);
#   2. every Lambda bundle is built and checked (size, AWS SDK only where used, runs on its own);
#   3. the config evaluated with stub globals: functions, every route of the API contract, links, bucket, migrations;
#      the S3 driver and the bucket's CORS against a signature-checking S3 server;
#   4. each Lambda handler fed function-URL events, through the Neon driver, against the local server;
#   5. the API files whose SQL depends most on the driver (row locks, transactions, numbers and JSON
#      as the driver parses them, bulk writes) through the Neon serverless driver (WebSocket proxy
#      to PostgreSQL). The whole API suite already runs on the same PostgreSQL server through
#      node-postgres (.ci/run), and step 4 sends every Lambda's routes through this driver: a third
#      run of all of it took about five minutes of CI for no SQL that the other two do not run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SST_SKIP_DEPENDENCY_CHECK=true SST_TELEMETRY_DISABLED=1 SST_NO_BUN=1
PG_URL="${PG_TEST_URL:-postgres://postgres@127.0.0.1:5432/test}"

step() { printf '\n=== deploy: %s (%ss)\n' "$1" "$SECONDS"; }

step "SST platform types"
bash tests/deploy/platform.sh

step "type-check sst.config.ts and infra/"
npx tsc --noEmit -p infra/tsconfig.json

step "Lambda bundles"
npx tsx scripts/bundle-functions.ts

step "config, routes, links, S3 CORS"
npx vitest run -c tests/deploy/vitest.config.ts --project deploy

step "PostgreSQL server"
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi

step "Lambda handlers and migrator through the Neon driver"
TEST_DB_DRIVER=neon DATABASE_URL="$PG_URL" npx vitest run -c tests/deploy/vitest.config.ts --project deploy-lambda

step "API files through the Neon driver"
NEON_FILES=(festivals admin-festivals favorites comments counters ratings price-tiers trip-facts bulk-import
  outbox outbox-crash account-erasure sessions)
NEON_FILES=("${NEON_FILES[@]/%/.test.ts}")
TEST_DB_DRIVER=neon DATABASE_URL="$PG_URL" npx vitest run --project api "${NEON_FILES[@]/#/tests/api/}"

step "done"
