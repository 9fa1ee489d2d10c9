import { env } from '../env';

/**
 * The site's absolute address for links in messages, which are written away from any request
 * (the worker, the crons): PUBLIC_BASE_URL, required in production; on a developer's machine the
 * local server's own address.
 */
export function siteUrl(path = ''): string {
  const config = env();
  return `${config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`}${path}`;
}
