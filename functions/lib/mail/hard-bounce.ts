// Its own module so the outbox worker can recognise a bounce without loading the mail transports
// (the push function's bundle carries no mail code).
/**
 * A recipient the mail server refused for good (a 5xx answer to RCPT, SES's rejected address):
 * the caller stops writing to that address instead of retrying.
 */
export class HardBounceError extends Error {
  constructor(
    readonly address: string,
    reason: string,
  ) {
    super(`El servidor de correo rechazó ${address}: ${reason}`);
  }
}
