import { z } from '../zod-sq';
import { hasHiddenCharacters } from '../domain/accounts';
import { orderLimits } from '../domain/orders';
import { createOrderFields, deliveryRule, orderDetailSchema, orderMessages, orderSchema, phoneSchema } from './order';

/** Texts of the guest checkout (issue 30, decision 042). */
export const guestOrderMessages = {
  name: 'Shkruani emrin dhe mbiemrin tuaj.',
  nameLong: 'Emri është shumë i gjatë.',
  nameChars: 'Emri ka shenja që nuk lejohen.',
  email: 'Shkruani një email të vlefshëm: aty ju dërgojmë porosinë.',
  phone: orderMessages.phone,
  success: 'Porosia u krye me sukses!',
} as const;

/** A contact phone from anywhere (domain/phone.ts): the same rule as every phone the shop keeps. */
export const contactPhoneSchema = phoneSchema(guestOrderMessages.phone);

/** Who orders without an account: a name, an e-mail for the order's mails and a phone. */
export const guestContactSchema = z.object({
  name: z
    .string({ error: guestOrderMessages.name })
    .trim()
    .min(2, guestOrderMessages.name)
    .max(orderLimits.name, guestOrderMessages.nameLong)
    .refine((n) => !hasHiddenCharacters(n), guestOrderMessages.nameChars),
  email: z
    .string({ error: guestOrderMessages.email })
    .trim()
    .min(1, guestOrderMessages.email)
    .max(254, guestOrderMessages.email)
    .pipe(z.email({ error: guestOrderMessages.email }))
    .transform((e) => e.toLowerCase()),
  phone: contactPhoneSchema,
});
export type GuestContact = z.infer<typeof guestContactSchema>;

/** POST /api/guest-orders: the order as POST /api/orders takes it, plus who orders. */
export const guestOrderBodySchema = z.object({ ...createOrderFields, guest: guestContactSchema }).superRefine(deliveryRule);
export type GuestOrderBody = z.infer<typeof guestOrderBodySchema>;
export type GuestOrderInput = z.input<typeof guestOrderBodySchema>;

/** The secret of a guest order's link: 43 characters of base64url (32 random bytes). */
export const guestOrderTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/guest-orders answers the order and its page's address (the same link the mail holds). */
export const guestOrderResponseSchema = z.object({ message: z.string(), order: orderSchema, link: z.string() });
export type GuestOrderResponse = z.infer<typeof guestOrderResponseSchema>;

/** GET /api/guest-orders/{token}: the order with its history, and the guest's contact as given. */
export const guestOrderDetailSchema = orderDetailSchema.extend({
  guest: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
});
export type GuestOrderDetail = z.infer<typeof guestOrderDetailSchema>;

/** The page of a guest order in the shop (the mail's link). */
export const guestOrderPath = (token: string): string => `/porosia-ime/${token}`;
