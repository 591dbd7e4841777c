/**
 * Gift cards (issue 29, decision 048): the code as a body sends it, the amount used, the public
 * balance answer, the staff's list, a card's ledger, issuing by hand and adjusting. Albanian messages.
 */
import { z } from '../zod-sq';
import { isWholeCents } from '../domain/money';
import {
  giftCardSources,
  giftCardStates,
  giftEntryKinds,
  isGiftCodeShape,
  MAX_GIFT_CARD_CENTS,
  normalizeGiftCode,
} from '../domain/gift-cards';
import { hasHiddenCharacters } from '../domain/names';

export const giftCardMsg = {
  /** One answer for a code that does not exist, a card with nothing left and a blocked card. */
  notFound: 'Kodi nuk u gjet ose karta nuk ka bilanc.',
  code: 'Shkruani kodin e kartës dhuratë (16 shenja, p.sh. ABCD-EFGH-JKLM-NPQR).',
  amount: 'Shuma nga karta duhet të jetë një numër pozitiv me të shumtën 2 shifra dhjetore.',
  overBalance: (balance: string) => `Karta ka vetëm ${balance} bilanc. Zvogëloni shumën nga karta.`,
  overTotal: 'Shuma nga karta nuk mund të kalojë totalin për t’u paguar.',
  tooManyTries: 'Shumë përpjekje me kode kartash për pak kohë. Provoni përsëri pas disa minutash.',
  value: 'Vlera e kartës duhet të jetë nga 0,01 € deri në 2.000,00 €, me të shumtën 2 shifra dhjetore.',
  reason: 'Shkruani arsyen (3 deri në 300 shenja).',
  adjustAmount: 'Ndryshimi duhet të jetë një shumë jo zero, me të shumtën 2 shifra dhjetore (p.sh. -5,00 ose 10,00).',
  adjustBelowZero: (balance: string) => `Bilanci nuk mund të bjerë nën zero: karta ka ${balance}.`,
  cardNotFound: 'Karta dhuratë nuk u gjet.',
  search: 'Kërkoni me 1 deri në 4 shenjat e fundit të kodit.',
  issued: (last4: string) => `Karta dhuratë …${last4} u lëshua. Printoni fletën tani: kodi i plotë nuk shfaqet më.`,
  adjusted: 'Bilanci i kartës u rregullua.',
  backToCard: (amount: string) => `Prej tyre ${amount} u kthyen në kartën dhuratë.`,
  /** Decision 052: a card that waits for its order's delivery, or was voided, has no balance to adjust. */
  notActive: 'Karta nuk është aktive (pret dorëzimin e porosisë ose është anuluar): bilanci i saj nuk rregullohet.',
} as const;

/** A code as typed or scanned: normalised ('abcd efgh-…' → 'ABCDEFGH…'), 16 characters of the alphabet. */
export const giftCodeSchema = z
  .string({ error: giftCardMsg.code })
  .max(40, giftCardMsg.code)
  .transform(normalizeGiftCode)
  .refine(isGiftCodeShape, giftCardMsg.code);

const positiveEuros = (message: string, max: number) =>
  z.number({ error: message }).finite(message).positive(message).max(max, message).refine(isWholeCents, message);

/** The optional part of an order's body: the card and, when the customer lowered it, the amount in euros. */
export const giftCardPaymentSchema = z.object(
  {
    code: giftCodeSchema,
    amount: positiveEuros(giftCardMsg.amount, MAX_GIFT_CARD_CENTS * 100).optional(),
  },
  { error: giftCardMsg.code },
);
export type GiftCardPayment = z.infer<typeof giftCardPaymentSchema>;

/** POST /api/gift-cards/balance: the code in the body, never in the address (logs). */
export const giftBalanceBodySchema = z.object({ code: giftCodeSchema }, { error: giftCardMsg.code });

export const giftBalanceSchema = z.object({
  balance: z.number(),
  last4: z.string(),
  /** The last uses: when, where ('Blerje online', 'Shitje në dyqan', …) and the amount (+ in, − out). */
  entries: z.array(z.object({ at: z.string(), place: z.string(), amount: z.number() })),
});
export type GiftBalance = z.infer<typeof giftBalanceSchema>;

/** A card as staff lists show it: never its code, only the last 4 characters. */
export const giftCardRowSchema = z.object({
  id: z.number(),
  last4: z.string(),
  value: z.number(),
  balance: z.number(),
  source: z.enum(giftCardSources),
  /** Decision 052: 'waiting' (an online order's card, no value until delivered), 'voided', or 'active'. */
  state: z.enum(giftCardStates),
  issuedBy: z.string().nullable(),
  issuedAt: z.string(),
  orderId: z.number().nullable(),
  counterSaleId: z.number().nullable(),
  reason: z.string().nullable(),
});
export type GiftCardRow = z.infer<typeof giftCardRowSchema>;

export const giftCardListSchema = z.object({ cards: z.array(giftCardRowSchema) });
export type GiftCardList = z.infer<typeof giftCardListSchema>;

export const giftCardListQuerySchema = z.object({
  /** The last characters of a code (up to 4). */
  q: z.string({ error: giftCardMsg.search }).trim().max(4, giftCardMsg.search).optional(),
});

export const giftEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(giftEntryKinds),
  amount: z.number(),
  orderId: z.number().nullable(),
  counterSaleId: z.number().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
});
export type GiftEntry = z.infer<typeof giftEntrySchema>;

export const giftCardDetailSchema = giftCardRowSchema.extend({ entries: z.array(giftEntrySchema) });
export type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

/** A card just issued: the full code, shown this once (for the printed insert), never again. */
export const issuedGiftCardSchema = z.object({
  id: z.number(),
  code: z.string(),
  value: z.number(),
  last4: z.string(),
  /** Decision 052: true for an online order's card made at the hand-over: it has its value once the order is delivered. */
  waiting: z.boolean().optional(),
});
export type IssuedGiftCard = z.infer<typeof issuedGiftCardSchema>;

const reasonSchema = z
  .string({ error: giftCardMsg.reason })
  .trim()
  .min(3, giftCardMsg.reason)
  .max(300, giftCardMsg.reason)
  .refine((s) => !hasHiddenCharacters(s), giftCardMsg.reason);

/** POST /api/admin/gift-cards: a card by hand (a refund as store credit, a prize). */
export const issueGiftCardBodySchema = z.object({
  value: positiveEuros(giftCardMsg.value, MAX_GIFT_CARD_CENTS / 100),
  reason: reasonSchema,
});
export type IssueGiftCardBody = z.infer<typeof issueGiftCardBodySchema>;

export const issueGiftCardResultSchema = z.object({ msg: z.string(), card: issuedGiftCardSchema });
export type IssueGiftCardResult = z.infer<typeof issueGiftCardResultSchema>;

/** POST /api/admin/gift-cards/{id}/adjust: a signed change of the balance with a reason (the owner's). */
export const adjustGiftCardBodySchema = z.object({
  amount: z
    .number({ error: giftCardMsg.adjustAmount })
    .finite(giftCardMsg.adjustAmount)
    .min(-MAX_GIFT_CARD_CENTS / 100, giftCardMsg.adjustAmount)
    .max(MAX_GIFT_CARD_CENTS / 100, giftCardMsg.adjustAmount)
    .refine((n) => n !== 0 && isWholeCents(n), giftCardMsg.adjustAmount),
  reason: reasonSchema,
});
export type AdjustGiftCardBody = z.infer<typeof adjustGiftCardBodySchema>;

export const adjustGiftCardResultSchema = z.object({ msg: z.string(), card: giftCardDetailSchema });
