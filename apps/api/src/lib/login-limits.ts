import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { authMessages } from '@shop/shared/schemas/auth';
import { createKeyedRateLimit } from './keyed-rate-limit';

/** The login's two limits, shared by every way in (the JSON login and the login page's form, issue 26). */
export interface LoginLimits {
  /** Per IP, counted before anything else: 3 times the per-account one (decision 012). */
  perIp: onRequestHookHandler;
  /** Per account AND IP, never per account alone (decision 012); call with the e-mail as typed. */
  perAccount: (request: FastifyRequest, reply: FastifyReply, email: string) => Promise<void>;
}

/**
 * One store for each limit, made once per app: `POST /api/auth/login` and `POST /login` (the page's
 * form without JavaScript) take from the same budgets, so a second way in never doubles the guesses.
 */
export function createLoginLimits(app: FastifyInstance): LoginLimits {
  const { config } = app;
  const max = config.RATE_LIMIT_AUTH_MAX;
  const timeWindow = config.RATE_LIMIT_WINDOW_MS;
  // Many customers can share one address (mobile carriers, the shop's Wi-Fi), so the per-IP limit
  // of login is 3 times the per-account-and-IP one.
  const perIp = app.rateLimit({ max: max * 3, timeWindow, keyGenerator: (req) => `login:${normalizeIP(req.ip)}` });
  const keyed = createKeyedRateLimit(app, { name: 'login-ip', max, timeWindow, message: authMessages.tooManyAttempts });
  return { perIp, perAccount: (request, reply, email) => keyed(request, reply, `${email}\n${request.ip}`) };
}
