import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProcess, waitFor200 } from './support/servers';

// scratch: CPU per request of the server process and Postgres
const url = 'postgres://postgres@127.0.0.1:5432/scratch_community';
const server = startProcess('node', ['--import', 'tsx', 'bench/community.ts', '--serve'], { DATABASE_URL: url, PORT: '3321', SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'production' });
await waitFor200('http://127.0.0.1:3321/api/comments/festival/1');
const serverPid = Number(execFileSync('pgrep', ['-f', 'community.ts --serve']).toString().trim().split('\n').pop());
for (const path of (process.argv[2] ?? '/api/comments/festival/1,/api/media/festival/1').split(',')) {
  await autocannon({ url: `http://127.0.0.1:3321${path}`, connections: 10, duration: 2 });
  const before = execFileSync('/tmp/cpu-probe.sh', [String(serverPid)]).toString().trim().split(' ').map(Number);
  const r = await autocannon({ url: `http://127.0.0.1:3321${path}`, connections: 50, amount: 3000 });
  const after = execFileSync('/tmp/cpu-probe.sh', [String(serverPid)]).toString().trim().split(' ').map(Number);
  const n = r.requests.total;
  console.log(path, `${n} req`, `node ${(((after[0] - before[0]) * 10) / n).toFixed(3)} ms cpu/req`, `pg ${(((after[1] - before[1]) * 10) / n).toFixed(3)} ms cpu/req`, `p99 ${r.latency.p99}`, `${Math.round(r.requests.average)} req/s`);
}
await server.stop();
void pg;
