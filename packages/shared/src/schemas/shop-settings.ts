/**
 * 'Cilësimet' (issue 30, decision 043): the owner's shop settings, one schema for the form, the
 * API and what is stored (app_settings 'shop_settings'). Albanian messages; the rules are in
 * domain/shop-settings.ts.
 */
import { z } from '../zod-sq';
import { normalisePhone } from '../domain/phone';
import { phoneSchema } from './order';
import {
  ibanProblem,
  MAX_COURIERS,
  MAX_TRANSFER_DAYS,
  MIN_TRANSFER_DAYS,
  normaliseIban,
  TRACKING_PLACEHOLDER,
  type ShopSettings,
} from '../domain/shop-settings';

export const settingsMsg = {
  shopName: 'Emri i dyqanit duhet të ketë 2 deri në 80 shenja.',
  shopAddress: 'Adresa e dyqanit duhet të ketë 5 deri në 160 shenja.',
  shopPhone: 'Shkruani një numër telefoni të vlefshëm për dyqanin.',
  whatsapp: 'Shkruani një numër të vlefshëm për WhatsApp (p.sh. +383 44 123 456).',
  viber: 'Shkruani një numër të vlefshëm për Viber (p.sh. +383 44 123 456).',
  bankName: 'Emri i bankës duhet të ketë 2 deri në 80 shenja.',
  iban: 'Shkruani IBAN-in e llogarisë (p.sh. XK05 1212 0123 4567 8906).',
  transferDays: `Ditët për pagesën me transfer duhet të jenë një numër i plotë nga ${MIN_TRANSFER_DAYS} deri në ${MAX_TRANSFER_DAYS}.`,
  couriers: `Lista e korrierëve duhet të ketë 1 deri në ${MAX_COURIERS} korrierë.`,
  courierName: 'Emri i korrierit duhet të ketë 2 deri në 60 shenja.',
  courierTwice: (name: string) => `Korrieri “${name}” është shkruar dy herë.`,
  trackingUrl: `Adresa e gjurmimit duhet të fillojë me https:// dhe të ketë ${TRACKING_PLACEHOLDER} aty ku shkon numri (ose lëreni bosh).`,
  discount: 'Zbritja maksimale në arkë duhet të jetë një numër i plotë nga 0 deri në 100 (%).',
  saved: 'Cilësimet u ruajtën.',
  fix: 'Korrigjoni fushat e shënuara.',
} as const;

const text = (min: number, max: number, message: string) => z.string({ error: message }).trim().min(min, message).max(max, message);

/** The shop's numbers by the one phone rule (domain/phone.ts, decision 046), in its writing. */
const phone = (message: string) => phoneSchema(message);

const trackingUrlSchema = z
  .string({ error: settingsMsg.trackingUrl })
  .trim()
  .max(300, settingsMsg.trackingUrl)
  .refine((v) => {
    if (v === '') return true;
    if (!v.startsWith('https://') || !v.includes(TRACKING_PLACEHOLDER)) return false;
    try {
      return new URL(v.split(TRACKING_PLACEHOLDER).join('X')).protocol === 'https:';
    } catch {
      return false;
    }
  }, settingsMsg.trackingUrl);

export const courierSchema = z.object({
  name: text(2, 60, settingsMsg.courierName),
  trackingUrl: trackingUrlSchema,
});

/** PUT /api/admin/settings, GET's answer, and the stored JSON. */
export const shopSettingsSchema = z.object({
  shopName: text(2, 80, settingsMsg.shopName),
  shopAddress: text(5, 160, settingsMsg.shopAddress),
  shopPhone: text(6, 40, settingsMsg.shopPhone).refine((v) => normalisePhone(v) !== null, settingsMsg.shopPhone),
  whatsappNumber: phone(settingsMsg.whatsapp),
  viberNumber: phone(settingsMsg.viber),
  bankName: text(2, 80, settingsMsg.bankName),
  iban: z
    .string({ error: settingsMsg.iban })
    .max(60, settingsMsg.iban)
    .transform(normaliseIban)
    .superRefine((v, ctx) => {
      const problem = v === '' ? settingsMsg.iban : ibanProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  transferDays: z
    .number({ error: settingsMsg.transferDays })
    .int(settingsMsg.transferDays)
    .min(MIN_TRANSFER_DAYS, settingsMsg.transferDays)
    .max(MAX_TRANSFER_DAYS, settingsMsg.transferDays),
  couriers: z
    .array(courierSchema, { error: settingsMsg.couriers })
    .min(1, settingsMsg.couriers)
    .max(MAX_COURIERS, settingsMsg.couriers)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((c, i) => {
        const key = c.name.toLocaleLowerCase('sq');
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: settingsMsg.courierTwice(c.name), path: [i, 'name'] });
        seen.add(key);
      });
    }),
  counterDiscountMaxPercent: z
    .number({ error: settingsMsg.discount })
    .int(settingsMsg.discount)
    .min(0, settingsMsg.discount)
    .max(100, settingsMsg.discount),
}) satisfies z.ZodType<ShopSettings, unknown>;

export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;

export const shopContactSchema = z.object({
  shopName: z.string(),
  shopPhone: z.string(),
  whatsappNumber: z.string(),
  viberNumber: z.string(),
  bankName: z.string(),
  iban: z.string(),
  couriers: z.array(z.string()),
});

/** The answer of GET/PUT /api/admin/settings: the stored document as it is. */
export const shopSettingsAnswerSchema = z.object({
  shopName: z.string(),
  shopAddress: z.string(),
  shopPhone: z.string(),
  whatsappNumber: z.string(),
  viberNumber: z.string(),
  bankName: z.string(),
  iban: z.string(),
  transferDays: z.number().int(),
  couriers: z.array(z.object({ name: z.string(), trackingUrl: z.string() })),
  counterDiscountMaxPercent: z.number().int(),
});
