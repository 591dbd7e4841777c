/**
 * Contact phone numbers from anywhere (issue 30, decision 042): a Kosovo number written locally
 * (044 123 456) or with +383 by default, and any valid international number (+41, +49 …) for
 * contact. Stored in E.164 ('+41791234567'), shown nationally for Kosovo ('044 123 456') and
 * internationally for the rest ('+41 79 123 45 67'). The 'min' metadata keeps the code small; only
 * the screens with a phone field load this module.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** libphonenumber's region code for Kosovo. */
const HOME_REGION = 'XK';

/** A contact phone in any usual writing as E.164, or null when it is not a valid number. */
export function normaliseContactPhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[+\d(][\d\s()./-]*$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, HOME_REGION);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** A stored number as people read it: Kosovo's nationally, any other with its country code. */
export function displayPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, HOME_REGION);
  if (!parsed || !parsed.isValid()) return stored;
  return parsed.country === HOME_REGION ? parsed.formatNational() : parsed.formatInternational();
}
