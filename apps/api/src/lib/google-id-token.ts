import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { withoutHiddenCharacters } from '@shop/shared/domain/accounts';

/** What we take from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  /** When Google issued the token (its `iat`, seconds since 1970): how fresh the sign-in is. */
  issuedAt: number;
}

/**
 * Why a Google ID token was not accepted: `invalid` (signature, issuer, audience, expiry or a
 * claim is wrong), `unverified-email`, or `unavailable` (Google's key set could not be read, so
 * nothing can be said about the token).
 */
export class GoogleTokenError extends Error {
  constructor(
    public readonly reason: 'invalid' | 'unverified-email' | 'unavailable',
    options?: { cause?: unknown },
  ) {
    super(`google id token: ${reason}`, options);
  }
}

/** Errors of the key-set fetch itself, as opposed to a token that does not verify. */
function isKeySetUnavailable(err: unknown): boolean {
  if (!(err instanceof errors.JOSEError)) return true; // fetch failed: refused, DNS, reset
  return err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || err.code === 'ERR_JOSE_GENERIC';
}

class KeySetUnavailable extends Error {}

interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  /** Accepted `iss` values (Google uses both spellings). */
  issuers: string[];
  /** Clock skew allowed on `exp`/`iat`, in seconds. */
  clockTolerance?: number;
}

/**
 * Verifies Google ID tokens: RS256 signature against the published key set (fetched and cached
 * by jose, refetched on an unknown `kid` at most every 30 s), `iss`, `aud` = our client id, `exp`,
 * and a verified email.
 */
export function createGoogleVerifier(opts: GoogleVerifierOptions): (token: string) => Promise<GoogleIdentity> {
  const remote = createRemoteJWKSet(new URL(opts.jwksUrl), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 60 * 60 * 1000,
  });
  const getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (err) {
      if (isKeySetUnavailable(err)) throw new KeySetUnavailable('key set unavailable', { cause: err });
      throw err;
    }
  };

  return async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        algorithms: ['RS256'],
        issuer: opts.issuers,
        audience: opts.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: opts.clockTolerance ?? 5,
      }));
    } catch (err) {
      throw new GoogleTokenError(err instanceof KeySetUnavailable ? 'unavailable' : 'invalid', { cause: err });
    }
    const { sub, email } = payload;
    if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email.includes('@')) {
      throw new GoogleTokenError('invalid');
    }
    // Google sends a boolean; older libraries and some proxies turned it into a string.
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!verified) throw new GoogleTokenError('unverified-email');
    const rawName = typeof payload.name === 'string' ? payload.name : typeof payload.given_name === 'string' ? payload.given_name : '';
    const normalisedEmail = email.trim().toLowerCase();
    // The name is Google's, not typed here: hidden and bidi characters are dropped rather than refused.
    const name = withoutHiddenCharacters(rawName).trim().slice(0, 100) || normalisedEmail.split('@')[0]!;
    const issuedAt = typeof payload.iat === 'number' ? payload.iat : 0;
    return { sub, email: normalisedEmail, name, issuedAt };
  };
}

/** The verifier of the configured Google client, or undefined when Google sign-in is not configured. */
export function googleVerifierOf(config: {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_JWKS_URL: string;
  GOOGLE_ISSUERS: string;
}): ((token: string) => Promise<GoogleIdentity>) | undefined {
  if (!config.GOOGLE_CLIENT_ID) return undefined;
  return createGoogleVerifier({
    clientId: config.GOOGLE_CLIENT_ID,
    jwksUrl: config.GOOGLE_JWKS_URL,
    issuers: config.GOOGLE_ISSUERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  });
}
