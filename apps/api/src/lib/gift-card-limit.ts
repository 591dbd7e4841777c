import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { giftCardMsg } from '@shop/shared/schemas/gift-cards';
import { createKeyedRateLimit } from './keyed-rate-limit';

/**
 * Gift card codes tried (decision 048): the public balance page, a checkout that pays with a card
 * and the counter all count against ONE limit per IP address and one per signed-in account
 * (`RATE_LIMIT_GIFT_CARD_MAX` per `RATE_LIMIT_GIFT_CARD_WINDOW_MS`), so no door gives a second
 * budget of guesses. Shared through Redis when REDIS_URL is set, like every limit.
 */
export type GiftCardTries = (request: FastifyRequest, reply: FastifyReply, opts?: { perIp?: boolean }) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one try of a gift card code for the request's address and account; 429 past the limit. */
    giftCardTries: GiftCardTries;
  }
}

export function createGiftCardTries(app: FastifyInstance, opts: { max: number; timeWindow: number }): GiftCardTries {
  const limit = createKeyedRateLimit(app, {
    name: 'gift-card',
    max: opts.max,
    timeWindow: opts.timeWindow,
    message: giftCardMsg.tooManyTries,
  });
  return async (request, reply, { perIp = true } = {}) => {
    if (perIp) await limit(request, reply, `ip:${normalizeIP(request.ip)}`);
    if (request.authUser) await limit(request, reply, `user:${request.authUser.id}`);
  };
}
