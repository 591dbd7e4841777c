import { z } from '../zod-sq';
import { hasHiddenCharacters, roles } from '../domain/accounts';
import { normalisePhone } from '../domain/phone';
import { deliveryDetailsInputSchema, deliveryDetailsSchema, orderMessages, phoneSchema } from './order';

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
  // Passwords (the server also scores them with zxcvbn: passwordWeakMessages below)
  passwordCommon: 'Ky fjalëkalim është ndër më të përdorurit dhe merret me mend lehtë. Zgjidhni një tjetër.',
  passwordIsEmail: 'Fjalëkalimi nuk mund të jetë i njëjtë me email-in.',
  passwordIsName: 'Fjalëkalimi nuk mund të jetë i njëjtë me emrin.',
  nameInvalidChars: 'Emri përmban shenja të padukshme ose që kthejnë drejtimin e tekstit.',
  // Sessions
  loggedOut: 'Dolët nga llogaria.',
  loggedOutEverywhere: 'Dolët nga llogaria në të gjitha pajisjet.',
  // Password change and reset
  currentPasswordRequired: 'Shkruani fjalëkalimin e tanishëm.',
  currentPasswordWrong: 'Fjalëkalimi i tanishëm është i gabuar.',
  noPasswordYet: 'Llogaria juaj nuk ka fjalëkalim (kyçeni me Google). Përdorni “Keni harruar fjalëkalimin?” për të vendosur një.',
  passwordChanged: 'Fjalëkalimi u ndryshua. Pajisjet e tjera u nxorën nga llogaria.',
  resetRequested: 'Nëse ky email ka një llogari, do të merrni së shpejti një lidhje për të vendosur fjalëkalim të ri.',
  resetTokenInvalid: 'Lidhja nuk është e vlefshme ose ka skaduar. Kërkoni një lidhje të re.',
  passwordReset: 'Fjalëkalimi u vendos. Kyçuni me fjalëkalimin e ri.',
  // E-mail verification
  verifyTokenInvalid: 'Lidhja e verifikimit nuk është e vlefshme ose ka skaduar.',
  emailVerified: 'Email-i u verifikua. Faleminderit!',
  verificationSent: 'Ju dërguam një email me lidhjen e verifikimit.',
  alreadyVerified: 'Email-i juaj është i verifikuar tashmë.',
  // A verified password account and Google: linked only after the password is proved
  googleNeedsPassword:
    'Ky email ka tashmë një llogari me fjalëkalim. Kyçuni me fjalëkalim një herë dhe pastaj mund të përdorni edhe Google.',
  tooManyAttempts: 'Shumë përpjekje të gabuara. Provoni përsëri pas pak.',
} as const;

const weakAdvice = ' Përdorni disa fjalë që nuk lidhen me njëra-tjetrën, ose një fjalëkalim më të gjatë.';

/**
 * Why the server refuses a new password that zxcvbn scores below 3 (issue 24 finding 10): one
 * text per kind of zxcvbn's feedback warning (apps/api/src/lib/password-strength.ts), and `none`
 * when it names no pattern (the password is merely too short for what it holds).
 */
export const passwordWeakMessages = {
  straightRow: 'Fjalëkalimi është i dobët: rreshtat e tastierës (si “asdfgh”) merren me mend lehtë.' + weakAdvice,
  keyPattern: 'Fjalëkalimi është i dobët: modelet e tastierës (si “qwerty” ose “1qaz”) merren me mend lehtë.' + weakAdvice,
  simpleRepeat: 'Fjalëkalimi është i dobët: i njëjti karakter i përsëritur (si “aaaa” ose hapësira) merret me mend lehtë.' + weakAdvice,
  extendedRepeat: 'Fjalëkalimi është i dobët: pjesët e përsëritura (si “abcabc”) merren me mend lehtë.' + weakAdvice,
  sequences: 'Fjalëkalimi është i dobët: vargjet si “abcd” ose “1234” merren me mend lehtë.' + weakAdvice,
  recentYears: 'Fjalëkalimi është i dobët: vitet e fundit merren me mend lehtë.' + weakAdvice,
  dates: 'Fjalëkalimi është i dobët: datat merren me mend lehtë.' + weakAdvice,
  topTen: authMessages.passwordCommon,
  topHundred: authMessages.passwordCommon,
  common: authMessages.passwordCommon,
  similarToCommon: 'Fjalëkalimi është i dobët: i ngjan shumë një fjalëkalimi të zakonshëm (si “Password1!”).' + weakAdvice,
  wordByItself: 'Fjalëkalimi është i dobët: një fjalë e vetme merret me mend lehtë, edhe me numra ose shenja në fund.' + weakAdvice,
  namesByThemselves: 'Fjalëkalimi është i dobët: emrat ose mbiemrat vetëm merren me mend lehtë.' + weakAdvice,
  commonNames: 'Fjalëkalimi është i dobët: emrat, mbiemrat, qytetet dhe klubet e njohura merren me mend lehtë.' + weakAdvice,
  userInputs: 'Fjalëkalimi është i dobët: përmban emrin, email-in ose telefonin tuaj.' + weakAdvice,
  pwned: 'Fjalëkalimi është i dobët: ka dalë në të dhëna të vjedhura.' + weakAdvice,
  none: 'Fjalëkalimi është i dobët: merret me mend lehtë.' + weakAdvice,
} as const;
export type PasswordWeakness = keyof typeof passwordWeakMessages;

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

/** A new password's shape; the server also refuses weak ones (zxcvbn) and ones equal to the email or name. */
export const newPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(8, authMessages.passwordShort)
  .max(200, authMessages.passwordLong);

const profileName = z
  .string({ error: authMessages.nameRequired })
  .trim()
  .min(1, authMessages.nameRequired)
  .max(100, authMessages.nameLong)
  .refine((n) => !hasHiddenCharacters(n), authMessages.nameInvalidChars);

export const registerBodySchema = z.object({
  name: profileName,
  email,
  password: newPasswordSchema,
  phone: z
    .string()
    .trim()
    .max(30, authMessages.phoneLong)
    .regex(/^[+\d][\d\s/-]*$|^$/, authMessages.phoneInvalid)
    // A number the phone rule knows is kept in its writing (domain/phone.ts), so the checkout offers
    // it to the delivery as it is; anything else the contract's screen accepted is kept as typed.
    .transform((v) => (v ? (normalisePhone(v) ?? v) : v))
    .optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: loginEmail,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(200, authMessages.invalidCredentials),
  /** An admin's two-factor code (6 digits) or a recovery code, when the account has two-factor on. */
  code: z.string().trim().max(40).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const googleBodySchema = z.object({
  token: z.string({ error: authMessages.googleInvalid }).min(1, authMessages.googleInvalid).max(4096, authMessages.googleInvalid),
  code: z.string().trim().max(40).optional(),
});

const linkToken = (message: string) => z.string({ error: message }).trim().min(16, message).max(200, message);

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: authMessages.currentPasswordRequired })
    .min(1, authMessages.currentPasswordRequired)
    .max(200, authMessages.currentPasswordWrong),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: loginEmail });
export const resetPasswordBodySchema = z.object({ token: linkToken(authMessages.resetTokenInvalid), password: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export const verifyEmailBodySchema = z.object({ token: linkToken(authMessages.verifyTokenInvalid) });

/** An answer that is only a message: { msg }. */
export const messageResponseSchema = z.object({ msg: z.string() });

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

export const profileSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  /** False for an account made by Google sign-in that never set a password. */
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** '+383 44 123 456', or null. */
  phone: z.string().nullable(),
  /** The last home delivery's details (offered again at checkout), or null. */
  delivery: deliveryDetailsSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/auth/profile: the name, the phone ('' clears it) and the delivery details (null clears them). */
export const profileUpdateBodySchema = z.object({
  name: profileName,
  phone: z.union([z.literal(''), phoneSchema()], { error: orderMessages.phone }).optional(),
  delivery: deliveryDetailsInputSchema.nullable().optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;
