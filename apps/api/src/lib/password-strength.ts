import { createRequire } from 'node:module';
import { ZxcvbnFactory, type TranslationKeys } from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEn from '@zxcvbn-ts/language-en';
import { passwordWeakMessages, type PasswordWeakness } from '@shop/shared/schemas/auth';
import { albanianPasswordWords } from './password-words-sq';

/** The lowest zxcvbn score a new password may have (0-4; 3: 'safely unguessable', about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The longest part of a password that is scored: zxcvbn's work grows with the length (a 200
 * character password took a second), and 48 characters that score 3 are strong whatever follows.
 */
const SCORED_LENGTH = 48;

/**
 * How many l33t substitutions ('4' for 'a', '$' for 's' ...) are tried in one password. zxcvbn's
 * default (100) made a 22-character password cost 200-300 ms on the event loop; 8 catch
 * 'P@55w0rd!' and 'Passw0rd!' alike at a tenth of the time.
 */
const L33T_SUBSTITUTIONS = 8;

// Every kind of warning zxcvbn gives has its Albanian text (a new kind in zxcvbn fails typecheck here).
const weakTexts: Record<keyof TranslationKeys['warnings'] | 'none', string> = passwordWeakMessages;

/** A word without ë and ç, as many type Albanian on a keyboard without them. */
const folded = (word: string) => word.replace(/ë/g, 'e').replace(/ç/g, 'c');

let factory: ZxcvbnFactory | undefined;
/**
 * Built on the first check, with the dictionaries loaded then: the language packages unpack their
 * word lists when loaded (about 10 MB of heap, more once ranked), which a server that registers
 * nobody never needs (decision 030). `require` keeps this synchronous.
 */
function zxcvbn(): ZxcvbnFactory {
  if (factory) return factory;
  const load = createRequire(import.meta.url);
  const zxcvbnCommon = load('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
  const zxcvbnEn = load('@zxcvbn-ts/language-en') as typeof ZxcvbnEn;
  factory = new ZxcvbnFactory({
    dictionary: {
      ...zxcvbnCommon.dictionary,
      ...zxcvbnEn.dictionary,
      albanian: [...new Set(albanianPasswordWords.flatMap((w) => [w, folded(w), w.replace(/ /g, '')]))],
    },
    graphs: zxcvbnCommon.adjacencyGraphs,
    // Levenshtein matching costs 10 to 40 times the time per check on the event loop; l33t and
    // the dictionaries already catch the variants ('Passw0rd!', 'Password1!').
    useLevenshteinDistance: false,
    maxLength: SCORED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  return factory;
}

/** The user's own data zxcvbn treats as known to a guesser: the name and its words, the e-mail and its parts, the phone's digits. */
function userInputs(who: { email?: string | null; name?: string | null; phone?: string | null }): string[] {
  const inputs: string[] = [];
  const name = who.name?.trim().toLowerCase();
  if (name) inputs.push(name, ...name.split(/[\s.'-]+/).filter((w) => w.length >= 3));
  const email = who.email?.trim().toLowerCase();
  if (email) {
    const [local = '', domain = ''] = email.split('@');
    inputs.push(email, local, ...local.split(/[._+-]+/).filter((w) => w.length >= 3), ...domain.split('.').filter((w) => w.length >= 3));
  }
  const digits = who.phone?.replace(/\D/g, '');
  if (digits && digits.length >= 6) {
    const national = digits.replace(/^(00)?383/, '').replace(/^0/, '');
    inputs.push(digits, national, `0${national}`, digits.slice(-6));
  }
  return [...new Set(inputs.flatMap((i) => [i, folded(i)]))];
}

export interface PasswordStrength {
  score: number;
  /** Why it is weak (zxcvbn's warning kind; `none` when it names none); undefined when strong enough. */
  weakness?: PasswordWeakness;
}

/**
 * zxcvbn-ts's score of a new password (issue 24 finding 10), with its common, English and Albanian
 * dictionaries and the user's own name, e-mail and phone as known words. Synchronous, on the
 * event loop: a few to a few tens of milliseconds (decision 028 has the figures); the dictionaries
 * are loaded and built on the first call (about 0.3 s).
 */
export function passwordStrength(
  password: string,
  who: { email?: string | null; name?: string | null; phone?: string | null } = {},
): PasswordStrength {
  const result = zxcvbn().check(password, userInputs(who));
  if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score };
  const warning = result.feedback.warning;
  const weakness = warning && warning in weakTexts ? (warning as PasswordWeakness) : 'none';
  return { score: result.score, weakness };
}

/** The Albanian reason a password is too weak, or undefined when it scores 3 or more. */
export function weakPasswordReason(
  password: string,
  who: { email?: string | null; name?: string | null; phone?: string | null } = {},
): string | undefined {
  const { weakness } = passwordStrength(password, who);
  return weakness === undefined ? undefined : weakTexts[weakness];
}
