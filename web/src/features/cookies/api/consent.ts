import { readJson, storageKeys, writeStorage } from '../../../lib/storage';

/** The cookie consent record under 'cookie-consent'. */
export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  marketing: boolean;
  personalization: boolean;
}

export interface CookieConsent {
  preferences: CookiePreferences;
  timestamp: string;
  version: '1.0';
}

export const CONSENT_VERSION = '1.0';
export const CONSENT_EVENT = 'cookiePreferencesUpdated';

export const allAccepted: CookiePreferences = {
  essential: true,
  analytics: true,
  marketing: true,
  personalization: true,
};
export const onlyEssential: CookiePreferences = {
  essential: true,
  analytics: false,
  marketing: false,
  personalization: false,
};

export function readConsent(): CookieConsent | null {
  const stored = readJson<Partial<CookieConsent> | null>(storageKeys.cookieConsent, null);
  if (!stored || typeof stored !== 'object' || !stored.preferences) return null;
  return stored as CookieConsent;
}

/** Stores the choice and tells the rest of the page. */
export function saveConsent(preferences: CookiePreferences): CookieConsent {
  const record: CookieConsent = {
    preferences: { ...preferences, essential: true },
    timestamp: new Date().toISOString(),
    version: CONSENT_VERSION,
  };
  writeStorage(storageKeys.cookieConsent, JSON.stringify(record));
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: record.preferences }));
  return record;
}
