import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon against a loopback URL (or a list of paths on it), bounded in time. */
export async function load(
  url: string,
  options: {
    connections: number;
    duration: number;
    paths?: string[];
    headers?: Record<string, string>;
    timeoutSeconds?: number;
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    timeout: options.timeoutSeconds,
    requests: options.paths?.map((path) => ({ method: 'GET', path })),
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
