import { z } from '../zod-sq';
import { roles } from '../domain/accounts';

export const authMessages = {
  nameRequired: 'Shkruani emrin e plotë.',
  emailRequired: 'Shkruani email-in.',
  emailInvalid: 'Email-i nuk është i vlefshëm.',
  passwordRequired: 'Shkruani fjalëkalimin.',
  passwordShort: 'Fjalëkalimi duhet të ketë të paktën 8 karaktere.',
  emailTaken: 'Ky email është i regjistruar tashmë.',
  invalidCredentials: 'Email-i ose fjalëkalimi është i gabuar.',
  googleInvalid: 'Identifikimi me Google nuk u verifikua.',
  googleNotConfigured: 'Kyçja me Google nuk është konfiguruar.',
  googleEmailUnverified: 'Email-i i llogarisë Google nuk është i verifikuar.',
  googleUnavailable: 'Shërbimi i Google nuk u arrit. Provoni përsëri pas pak.',
  googleAccountConflict: 'Ky email është i lidhur me një llogari tjetër Google.',
  tooManyForAccount: 'Shumë përpjekje për këtë llogari. Provoni përsëri pas pak.',
  nameLong: 'Emri mund të ketë të shumtën 100 karaktere.',
  passwordLong: 'Fjalëkalimi mund të ketë të shumtën 200 karaktere.',
  phoneLong: 'Numri i telefonit është shumë i gjatë.',
  phoneInvalid: 'Numri i telefonit nuk është i vlefshëm.',
} as const;

const email = z
  .string({ error: (i) => (i.input === undefined ? authMessages.emailRequired : authMessages.emailInvalid) })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }))
  .transform((e) => e.toLowerCase());

/**
 * Login accepts any address shaped like an email: accounts made by configuration (the first admin
 * `admin@localhost`, or `ADMIN_EMAIL=a@b.c`) must be able to log in even without a dotted domain.
 */
const loginEmail = z
  .string({ error: (i) => (i.input === undefined ? authMessages.emailRequired : authMessages.emailInvalid) })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, authMessages.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+$/, authMessages.emailInvalid)
  .transform((e) => e.toLowerCase());

export const registerBodySchema = z.object({
  name: z.string({ error: authMessages.nameRequired }).trim().min(1, authMessages.nameRequired).max(100, authMessages.nameLong),
  email,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .min(8, authMessages.passwordShort)
    .max(200, authMessages.passwordLong),
  phone: z
    .string()
    .trim()
    .max(30, authMessages.phoneLong)
    .regex(/^[+\d][\d\s/-]*$|^$/, authMessages.phoneInvalid)
    .optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: loginEmail,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(200, authMessages.invalidCredentials),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const googleBodySchema = z.object({
  token: z.string({ error: authMessages.googleInvalid }).min(1, authMessages.googleInvalid).max(4096, authMessages.googleInvalid),
});

export const roleSchema = z.enum(roles);

export const publicUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isAdmin: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const profileSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), role: roleSchema });
export type Profile = z.infer<typeof profileSchema>;
