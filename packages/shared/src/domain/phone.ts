/**
 * Phone numbers from anywhere (issue 30, decisions 042 and 046): a Kosovo number written locally
 * (044 123 456) or with +383 by default, and any valid international number (+41, +49 …). One rule
 * for every phone the shop keeps: the guest's contact, the delivery's recipient, the profile, the
 * registration. Stored as the E.164 number in its international writing ('+383 44 123 456',
 * '+41 79 123 45 67': the digits of E.164 grouped for reading, the form the contract's data, the
 * staff's searches and the exports already hold), shown nationally for Kosovo ('044 123 456') and
 * internationally for the rest. The 'min' metadata keeps the code small; only the screens with a
 * phone field load this module (never the home page).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { normaliseKosovoPhone } from './kosovo';

/** libphonenumber's region code for Kosovo. */
const HOME_REGION = 'XK';

/**
 * A phone in any usual writing as the shop stores it, or null when it is not a valid number (by
 * libphonenumber's metadata). A Kosovo number keeps the Kosovo rule's writing ('+383 44 123 456',
 * domain/kosovo.ts) so the numbers stored before this rule still match; any other its international
 * writing ('+41 79 123 45 67').
 */
export function normalisePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[+\d(][\d\s()./-]*$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, HOME_REGION);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.country === HOME_REGION ? normaliseKosovoPhone(parsed.number) : parsed.formatInternational();
}

/** A stored number as people read it: Kosovo's nationally, any other with its country code. */
export function displayPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, HOME_REGION);
  if (!parsed || !parsed.isValid()) return stored;
  return parsed.country === HOME_REGION ? parsed.formatNational() : parsed.formatInternational();
}
