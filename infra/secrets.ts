import type { SecretName } from './api-areas';

/**
 * Per-stage values set with `npx sst secret set <Name> <value> --stage <stage>` (README.md "Deploy").
 * DatabaseUrlDirect (Neon's non-pooled endpoint) is only for migrations: PgBouncer's transaction
 * pooling behind the pooled URL breaks session-level statements a migrator may use.
 */
export function createSecrets() {
  const secrets = {
    DatabaseUrl: new sst.Secret('DatabaseUrl'),
    DatabaseUrlDirect: new sst.Secret('DatabaseUrlDirect'),
    SessionSecret: new sst.Secret('SessionSecret'),
    // Sent by the Router to every function URL (infra/router.ts); a direct call without it gets 403.
    OriginSecret: new sst.Secret('OriginSecret'),
    GoogleClientId: new sst.Secret('GoogleClientId'),
    // Not secret, but per stage and kept out of git; empty means nobody becomes admin at sign-in.
    AdminEmails: new sst.Secret('AdminEmails', ''),
    // The SES identity mail is sent from (a domain, or one address) and the From of every message
    // ("Festivales <hola@festivales.example.com>", an address of that identity): infra/outbox.ts.
    MailSender: new sst.Secret('MailSender'),
    MailFrom: new sst.Secret('MailFrom'),
    // Web Push's key pair (`npx web-push generate-vapid-keys`): keep it for the life of the stage,
    // every browser's subscription is bound to the public key. infra/outbox.ts, the alerts function.
    VapidPublicKey: new sst.Secret('VapidPublicKey'),
    VapidPrivateKey: new sst.Secret('VapidPrivateKey'),
  } satisfies Record<SecretName | 'DatabaseUrlDirect' | 'MailSender' | 'MailFrom' | 'VapidPrivateKey', sst.Secret>;
  return secrets;
}

export type Secrets = ReturnType<typeof createSecrets>;
