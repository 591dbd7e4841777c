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

/**
 * Who asks proves it again for every two-factor change (issue 24 finding 2): the current password,
 * or, for an account without one (Google only), an ID token of a Google sign-in made in the last
 * minutes. The service says which one the account needs.
 */
export const reauthFields = {
  password: z
    .string({ error: twoFactorText.currentPasswordRequired })
    .min(1, twoFactorText.currentPasswordRequired)
    .max(200, twoFactorText.passwordWrong)
    .optional(),
  googleToken: z
    .string({ error: twoFactorText.googleRequired })
    .min(1, twoFactorText.googleRequired)
    .max(4096, twoFactorText.googleRequired)
    .optional(),
};
export const reauthBodySchema = z.object(reauthFields);
export type ReauthBody = z.infer<typeof reauthBodySchema>;

/** POST /api/auth/2fa/enable: the current password (or Google) and the code the app shows for the pending secret. */
export const enableTwoFactorBodySchema = z.object({ ...reauthFields, code: twoFactorCodeSchema });
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBodySchema>;

/** POST /api/auth/2fa/disable: the current password (or Google) and a current code (or a recovery code). */
export const disableTwoFactorBodySchema = z.object({ ...reauthFields, code: twoFactorCodeSchema });
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;

/** POST /api/auth/2fa/recovery-codes: as disabling; answers ten new recovery codes, the old ones die. */
export const recoveryCodesBodySchema = disableTwoFactorBodySchema;
export type RecoveryCodesBody = DisableTwoFactorBody;

/** POST /api/admin/users_new/{id}/two-factor/clear: the acting admin's own current password (or Google). */
export const clearTwoFactorBodySchema = reauthBodySchema;
export type ClearTwoFactorBody = ReauthBody;

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
