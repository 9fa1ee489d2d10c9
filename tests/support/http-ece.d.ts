declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface Params {
    version: 'aes128gcm' | 'aesgcm';
    privateKey?: ECDH;
    authSecret?: string | Buffer;
    dh?: string | Buffer;
  }
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer; encrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
