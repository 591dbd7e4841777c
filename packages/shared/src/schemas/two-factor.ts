import { z } from '../zod-sq';
import { twoFactorText } from '../messages-two-factor';

/**
 * A second-factor code as typed: a 6-digit TOTP code or a recovery code (letters, digits, a dash,
 * spaces). The service decides which one it is.
 */
export const twoFactorCodeSchema = z
  .string({ error: twoFactorText.codeRequired })
  .trim()
  .min(1, twoFactorText.codeRequired)
  .max(40, twoFactorText.codeWrong)
  .regex(/^[A-Za-z0-9\s-]+$/, twoFactorText.codeWrong);

/** POST /api/auth/2fa/enable: the code the app shows for the pending secret. */
export const enableTwoFactorBodySchema = z.object({ code: twoFactorCodeSchema });
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBodySchema>;

/** POST /api/auth/2fa/disable: the password and a current code (or a recovery code). */
export const disableTwoFactorBodySchema = z.object({
  password: z
    .string({ error: twoFactorText.passwordRequired })
    .min(1, twoFactorText.passwordRequired)
    .max(200, twoFactorText.passwordWrong),
  code: twoFactorCodeSchema,
});
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;

/** The answer of POST /api/auth/2fa/setup: the pending secret, its otpauth:// URI and that URI as a QR (PNG data URL). */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The answer of POST /api/auth/2fa/enable: the recovery codes, shown once. */
export const twoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** The refusals that carry a flag: 401 at login (a code is needed), 403 on admin routes (setup needed). */
export const twoFactorRefusalSchema = z.object({
  msg: z.string(),
  twoFactorRequired: z.literal(true).optional(),
  twoFactorSetupRequired: z.literal(true).optional(),
});
