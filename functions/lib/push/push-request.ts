import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { RequestDetails } from 'web-push';
import type { PushTarget } from './push-endpoints';

export interface PushAnswer {
  status: number;
  /** The start of the push service's answer, for the row's last error. */
  body: string;
}

/** Characters of a push service's answer kept for the log. */
const BODY_KEPT = 300;

/**
 * POSTs a message web-push prepared (encrypted payload, VAPID headers) to the address checked for its
 * endpoint. The signal bounds all of it, connection, TLS, headers and body: web-push's own request
 * has a socket idle timeout only, so a service that trickles a byte now and then kept its promise
 * open for good. Once the status is known, a body still arriving when the time is up is cut, not
 * waited for.
 */
export function postPush(details: RequestDetails, target: PushTarget, signal: AbortSignal): Promise<PushAnswer> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  return new Promise<PushAnswer>((resolve, reject) => {
    let status: number | undefined;
    let body = '';
    const finish = () => (status === undefined ? reject(reasonOf(signal)) : resolve({ status, body }));
    const request = https.request(
      details.endpoint,
      { method: details.method, headers: details.headers, lookup: pinned, signal },
      (response) => {
        status = response.statusCode ?? 0;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < BODY_KEPT) body += chunk.slice(0, BODY_KEPT - body.length);
        });
        response.on('end', () => resolve({ status: status!, body }));
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error) =>
      status === undefined ? reject(signal.aborted ? reasonOf(signal) : error) : finish(),
    );
    request.end(details.body ?? undefined);
  });
}

function reasonOf(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('Envío interrumpido.');
}
