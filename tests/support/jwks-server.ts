import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

export interface GoogleIdTokenClaims {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
  /** true unless given; null leaves the claim out. */
  email_verified?: boolean | string | null;
  aud?: string;
  iss?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
}

/** A stand-in for Google's key set on loopback: tests mint ID tokens the server verifies for real. */
export async function startJwksServer(audience: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function mintIdToken(claims: GoogleIdTokenClaims, key = privateKey): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: claims.email,
      name: claims.name ?? claims.email.split('@')[0],
      picture: claims.picture,
      ...(claims.email_verified === null ? {} : { email_verified: claims.email_verified ?? true }),
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject(claims.sub)
      .setIssuer(claims.iss ?? 'https://accounts.google.com')
      .setAudience(claims.aud ?? audience)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + (claims.expiresIn ?? 3600))
      .sign(key);
  }

  return {
    url: `http://127.0.0.1:${port}/certs`,
    mintIdToken,
    /** A key the server does not know, for forged tokens. */
    otherKey: async () => (await generateKeyPair('RS256')).privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
