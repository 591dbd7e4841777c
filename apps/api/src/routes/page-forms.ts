import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { msg } from '@shop/shared/messages';
import { repairMessages, repairScreenMessages } from '@shop/shared/messages-repairs';
import { SIGN_IN_HANDOFF_COOKIE, SIGN_IN_HANDOFF_SECONDS, signedInHome } from '@shop/shared/domain/accounts';
import { REPAIR_TRACKING_PATH } from '@shop/shared/domain/routes';
import { authMessages, loginBodySchema } from '@shop/shared/schemas/auth';
import { repairAnswerBodySchema, repairTrackBodySchema, type RepairTracking } from '@shop/shared/schemas/repairs';
import type { LoginLimits } from '../lib/login-limits';
import { domainErrorStatus } from '../plugins/errors';
import { toPublicUser } from '../repositories/users';
import { logIn } from '../services/accounts';
import { DomainError } from '../services/errors';
import { answerRepair, trackRepair } from '../services/repair-tracking';
import type { RepairDeps } from '../services/repair-views';

/** What the login page shows after its form was answered here (apps/web login-form.tsx reads it). */
export interface LoginAnswer {
  email: string;
  error: string;
}

/** What the repair tracking page shows after a lookup here (apps/web repair-tracking.tsx reads it). */
export interface TrackingAnswer {
  code: string;
  proof: string;
  tracking?: RepairTracking;
  fieldError?: { field: 'code' | 'proof'; text: string };
  failure?: string;
  confirm?: 'approve' | 'refuse';
  answered?: string;
}

/** A form's fields: the first value of each name, text only (anything else counts as missing). */
type Fields = Record<string, string>;

const fieldsOf = (body: unknown): Fields => {
  const out: Fields = {};
  if (!body || typeof body !== 'object') return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) if (typeof value === 'string') out[key] = value;
  return out;
};

/** The status and Albanian text of a refusal: a domain error, a rate limit's 429, else rethrown. */
function refusal(err: unknown): { status: number; text: string } {
  if (err instanceof DomainError) {
    const status = domainErrorStatus(err);
    if (status !== undefined && status < 500) return { status, text: err.message };
  }
  const limited = err as { statusCode?: unknown; msg?: unknown } | null;
  if (limited && limited.statusCode === 429)
    return { status: 429, text: typeof limited.msg === 'string' ? limited.msg : msg.tooManyRequests };
  throw err;
}

/**
 * The forms of server-rendered pages that work without JavaScript (issue 26), each answered with
 * its own page rendered on the server (plugins/web.ts `renderPage`), or a redirect:
 *
 * - `POST /login` and `POST /kycu`: the login form. The same checks as `POST /api/auth/login`
 *   (the body's schema, the same two rate limits, `logIn`), and the request must come from the
 *   shop's own pages (Origin, else Sec-Fetch-Site), so another site cannot sign a visitor in. On
 *   success the session is handed to the web app in a short-lived cookie (SIGN_IN_HANDOFF_COOKIE;
 *   sessions stay Bearer tokens in the browser's storage, decision 014) and the answer is a 303 to
 *   where the screen leads; on failure the page again, with the e-mail and the same error text.
 * - `GET /servisi/statusi?kodi=&imei=` (the receipt's QR code) and `POST /servisi/statusi` (its
 *   form, and the answer to an estimate): the lookup of `POST /api/repairs/track`, under the same
 *   per-IP limit, rendered into the page.
 *
 * Registered only with a web build that renders pages.
 */
const pageFormRoutes: FastifyPluginAsync<{ loginLimits: LoginLimits; trackLimit: onRequestHookHandler }> = async (
  app,
  { loginLimits, trackLimit },
) => {
  const renderPage = app.renderPage;
  if (!renderPage) return;
  const deps: RepairDeps = { config: app.config, pins: app.repairPins };
  const publicOrigin = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : undefined;

  // A form's body (application/x-www-form-urlencoded), small: these forms carry a few short fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    const out: Fields = Object.create(null) as Fields;
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in out)) out[key] = value;
    done(null, out);
  });

  /** The request comes from a page of this shop (a form another site posts here does not). */
  const fromOwnPage = (req: FastifyRequest): boolean => {
    const origin = req.headers.origin;
    if (typeof origin === 'string') return origin === publicOrigin || origin === `${req.protocol}://${req.host}`;
    return req.headers['sec-fetch-site'] === 'same-origin';
  };

  /** Runs a rate limit's hook here, so its 429 is answered as the page (it throws when the limit is passed). */
  const limit = (hook: onRequestHookHandler, req: FastifyRequest, reply: FastifyReply) =>
    (hook as unknown as (this: typeof app, r: FastifyRequest, s: FastifyReply) => Promise<void>).call(app, req, reply);

  const login = (screen: 'login' | 'kycu') => async (req: FastifyRequest, reply: FastifyReply) => {
    const fields = fieldsOf(req.body);
    const email = (fields.email ?? '').slice(0, 320);
    const fail = (status: number, error: string) =>
      renderPage(req, reply, status, { form: 'login', data: { email, error } satisfies LoginAnswer });
    if (!fromOwnPage(req)) return fail(403, msg.forbidden);
    try {
      await limit(loginLimits.perIp, req, reply);
      const parsed = loginBodySchema.safeParse({ email: fields.email ?? '', password: fields.password ?? '' });
      if (!parsed.success) return await fail(400, parsed.error.issues[0]?.message ?? authMessages.invalidCredentials);
      await loginLimits.perAccount(req, reply, parsed.data.email);
      const user = await logIn(app.db, parsed.data.email, parsed.data.password);
      const token = await app.signToken(user, { twoFactor: user.totpEnabledAt !== null });
      const handoff = encodeURIComponent(JSON.stringify({ token, user: toPublicUser(user) }));
      const secure = publicOrigin?.startsWith('https:') || req.protocol === 'https' ? '; Secure' : '';
      return await reply
        .header('set-cookie', `${SIGN_IN_HANDOFF_COOKIE}=${handoff}; Path=/; Max-Age=${SIGN_IN_HANDOFF_SECONDS}; SameSite=Lax${secure}`)
        .header('cache-control', 'no-store')
        .redirect(signedInHome(screen, user), 303);
    } catch (err) {
      const { status, text } = refusal(err);
      return fail(status, text);
    }
  };
  // The page's bytes are compressed by sendCached (plugins/web.ts), as for every page.
  const page = { compress: false } as const;
  app.post('/login', page, login('login'));
  app.post('/kycu', page, login('kycu'));

  /** Looks the ticket up (or answers its estimate) and renders the tracking page with what came of it. */
  const tracking = async (req: FastifyRequest, reply: FastifyReply, fields: Fields) => {
    const code = (fields.kodi ?? '').slice(0, 40);
    const proof = (fields.imei ?? '').slice(0, 30);
    const answer = (status: number, data: Omit<TrackingAnswer, 'code' | 'proof'>) =>
      renderPage(req, reply, status, { form: 'repair-tracking', data: { code, proof, ...data } satisfies TrackingAnswer });
    const parsed = repairTrackBodySchema.safeParse({ code, proof });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return answer(400, { fieldError: { field: issue.path[0] === 'proof' ? 'proof' : 'code', text: issue.message } });
    }
    const choice = fields.pergjigja === 'prano' ? 'approve' : fields.pergjigja === 'refuzo' ? 'refuse' : undefined;
    try {
      await limit(trackLimit, req, reply);
      if (choice && fields.konfirmo === 'po') {
        // The approval names the amount the page showed ('shuma'): a changed estimate is refused (409).
        const body = repairAnswerBodySchema.safeParse({
          ...parsed.data,
          approve: choice === 'approve',
          ...(choice === 'approve' ? { amount: Number((fields.shuma ?? '').replace(',', '.')) } : {}),
        });
        if (!body.success) return await answer(400, { failure: body.error.issues[0]!.message });
        const after = await answerRepair(app.db, deps, body.data);
        return await answer(200, { tracking: after, answered: choice === 'approve' ? repairMessages.approved : repairMessages.refused });
      }
      const found = await trackRepair(app.db, parsed.data);
      // 'pergjigja' alone asks for the confirmation; with konfirmo=jo the customer stepped back.
      const confirm = choice && !fields.konfirmo && found.canAnswer ? choice : undefined;
      return await answer(200, { tracking: found, confirm });
    } catch (err) {
      const { status, text } = refusal(err);
      return answer(status, {
        failure: status === 429 ? text || repairScreenMessages.rateLimited : text || repairScreenMessages.trackError,
      });
    }
  };

  app.get(REPAIR_TRACKING_PATH, page, async (req, reply) => {
    const fields = fieldsOf(req.query);
    // Without a code and a proof the page is its form (nothing is looked up, nothing counted).
    if (!fields.kodi || !fields.imei) return renderPage(req, reply, 200);
    return tracking(req, reply, fields);
  });
  app.post(REPAIR_TRACKING_PATH, page, async (req, reply) => tracking(req, reply, fieldsOf(req.body)));
};

export default pageFormRoutes;
