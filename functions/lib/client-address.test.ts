import { describe, expect, it } from 'vitest';
import { forwardedHop, viewerAddress } from './rate-limit';

describe('forwardedHop (TRUSTED_PROXIES)', () => {
  it('takes the hop the outermost trusted proxy appended, ignoring what the client wrote before it', () => {
    expect(forwardedHop('198.51.100.7', 1)).toBe('198.51.100.7');
    expect(forwardedHop('6.6.6.6, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(forwardedHop('6.6.6.6, 7.7.7.7, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
  });

  it('trusts nothing when the list is shorter than the proxies, empty, or no proxy is configured', () => {
    expect(forwardedHop('198.51.100.7', 2)).toBeNull();
    expect(forwardedHop('', 1)).toBeNull();
    expect(forwardedHop(undefined, 1)).toBeNull();
    expect(forwardedHop('198.51.100.7', 0)).toBeNull();
    expect(forwardedHop('198.51.100.7, ', 1)).toBeNull();
  });
});

describe('viewerAddress (CloudFront-Viewer-Address)', () => {
  it('drops the port of IPv4 and IPv6 viewers', () => {
    expect(viewerAddress('198.51.100.7:46532')).toBe('198.51.100.7');
    expect(viewerAddress('2001:db8:85a3::8a2e:370:7334:46532')).toBe('2001:db8:85a3::8a2e:370:7334');
  });

  it('answers null for nothing usable', () => {
    expect(viewerAddress(undefined)).toBeNull();
    expect(viewerAddress('')).toBeNull();
    expect(viewerAddress('no-port')).toBeNull();
  });
});
