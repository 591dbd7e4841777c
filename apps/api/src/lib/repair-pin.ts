import crypto from 'node:crypto';

/**
 * The seal of a repair ticket's device PIN (decision 018): AES-256-GCM with node:crypto, a fresh
 * 12-byte IV per seal, stored as base64 of iv | tag | ciphertext. The key is REPAIR_PIN_KEY (32
 * bytes in hex) when set, else derived from the JWT secret with HKDF-SHA256 (info 'repair-pin'),
 * so a shop without the setting still never stores a PIN in clear. A row copied out of the
 * database without the key (a leaked backup of one table, a log of a query) shows no PIN.
 */
export interface PinCipher {
  seal(pin: string): string;
  /** The PIN, or null when the sealed text was not made with this key (or was altered). */
  open(sealed: string): string | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = 'repair-pin';

/** The 32-byte key: the configured one, or one derived from the JWT secret. */
export function repairPinKey(configured: string | undefined, jwtSecret: string): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  return Buffer.from(crypto.hkdfSync('sha256', Buffer.from(jwtSecret, 'utf8'), Buffer.alloc(0), HKDF_INFO, 32));
}

export function createPinCipher(key: Buffer): PinCipher {
  if (key.length !== 32) throw new Error('the repair PIN key must be 32 bytes');
  return {
    seal(pin) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
