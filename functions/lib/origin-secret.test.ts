import { describe, expect, it } from 'vitest';
import { originSecretMatches } from './origin-secret';

const SECRET = 'the-origin-secret-of-this-stage-0123456789';

describe('originSecretMatches', () => {
  it('accepts only the exact secret', () => {
    expect(originSecretMatches(SECRET, SECRET)).toBe(true);
    expect(originSecretMatches(undefined, SECRET)).toBe(false);
    expect(originSecretMatches('', SECRET)).toBe(false);
    expect(originSecretMatches(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(originSecretMatches(`${SECRET}x`, SECRET)).toBe(false);
    expect(originSecretMatches(SECRET.toUpperCase(), SECRET)).toBe(false);
  });

  it('never matches when no secret is configured', () => {
    expect(originSecretMatches('', '')).toBe(false);
    expect(originSecretMatches(undefined, '')).toBe(false);
  });
});
