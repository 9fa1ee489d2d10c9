import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for @aws-sdk/credential-provider-node in the Lambda bundles (infra/function-bundles.ts):
 * on Lambda the role's credentials are always in the environment, which is the first place the
 * default chain looks. The rest of the chain (profiles, SSO, STS web identity, instance metadata)
 * cannot apply there and weighs some 90 KB of bundle and import time.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
