import { z } from '../zod-sq';
import { hasHiddenCharacters } from '../domain/accounts';
import { defaultFulfilment, fulfilments, orderLimits, paymentMethods } from '../domain/orders';
import { chatChannels } from '../domain/order-channels';
import {
  deliveryDetailsInputSchema,
  deliveryRule,
  orderItemInputSchema,
  orderMessages,
  orderNoteSchema,
  orderSchema,
  phoneSchema,
} from './order';

/** Texts of 'Porosi nga biseda' (issue 30, decision 047). */
export const chatOrderMessages = {
  title: 'Porosi nga biseda',
  channel: 'Zgjidhni kanalin e porosisë: WhatsApp, Viber ose telefon.',
  name: 'Shkruani emrin dhe mbiemrin e klientit.',
  nameLong: 'Emri i klientit është shumë i gjatë.',
  nameChars: 'Emri i klientit ka shenja që nuk lejohen.',
  email: 'Shkruani një email të vlefshëm ose lëreni bosh.',
  phone: orderMessages.phone,
  productId: 'Zgjidhni produktin nga kërkimi.',
  created: (id: number) => `Porosia #${id} u krijua.`,
  /** The message staff paste into the chat for a guest order. */
  chatMessage: (id: number, total: string, link: string) =>
    `Faleminderit! Porosia juaj #${id} u regjistrua. Totali: ${total}. Statusin e porosisë e shihni këtu: ${link}`,
  chatMessageAccount: (id: number, total: string) => `Faleminderit! Porosia juaj #${id} u regjistrua në llogarinë tuaj. Totali: ${total}.`,
} as const;

/** A line of a chat order: the product, optionally its variant, and how many; the server prices it. */
export const chatOrderLineSchema = orderItemInputSchema.omit({ price: true }).extend({
  id: z.string({ error: chatOrderMessages.productId }).trim().min(1, chatOrderMessages.productId).max(200, chatOrderMessages.productId),
});

/**
 * POST /api/admin/orders: an order staff place from a WhatsApp/Viber chat or a call. No prices and
 * no total: the server computes them as for an order on the site. The customer's phone decides whose
 * order it is (a registered account with that phone, else a guest order); the e-mail is optional.
 */
export const chatOrderBodySchema = z
  .object({
    channel: z.enum(chatChannels, { error: chatOrderMessages.channel }),
    customer: z.object(
      {
        phone: phoneSchema(chatOrderMessages.phone),
        name: z
          .string({ error: chatOrderMessages.name })
          .trim()
          .min(2, chatOrderMessages.name)
          .max(orderLimits.name, chatOrderMessages.nameLong)
          .refine((n) => !hasHiddenCharacters(n), chatOrderMessages.nameChars),
        email: z
          .string({ error: chatOrderMessages.email })
          .trim()
          .max(254, chatOrderMessages.email)
          .transform((e) => e.toLowerCase())
          .pipe(z.union([z.literal(''), z.email({ error: chatOrderMessages.email })], { error: chatOrderMessages.email }))
          .optional(),
      },
      { error: chatOrderMessages.name },
    ),
    items: z
      .array(chatOrderLineSchema, { error: orderMessages.emptyItems })
      .min(1, orderMessages.emptyItems)
      .max(orderLimits.maxLines, orderMessages.tooManyLines),
    fulfilment: z.enum(fulfilments, { error: orderMessages.fulfilment }).default(defaultFulfilment),
    paymentMethod: z.enum(paymentMethods, { error: orderMessages.paymentMethod }).default('cash'),
    delivery: deliveryDetailsInputSchema.optional(),
    note: orderNoteSchema.optional(),
  })
  .superRefine(deliveryRule);
export type ChatOrderBody = z.infer<typeof chatOrderBodySchema>;
export type ChatOrderInput = z.input<typeof chatOrderBodySchema>;

/** The answer: the order, whose it is, and for a guest order the path of its page to paste into the chat. */
export const chatOrderResponseSchema = z.object({
  message: z.string(),
  order: orderSchema,
  /** The account the order went to (found by the phone); null: a guest order. */
  account: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** A guest order's page ('/porosia-ime/…'); null for an account's order. */
  link: z.string().nullable(),
  /** Whether the confirmation mail was queued (a guest order without an e-mail gets none). */
  mailed: z.boolean(),
});
export type ChatOrderResponse = z.infer<typeof chatOrderResponseSchema>;
