import FindMyWay, { type HTTPMethod } from 'find-my-way';

/**
 * Which methods exist for a path, so a request with a wrong method answers 405 with an Allow
 * header instead of a 404 that would say the address does not exist. It also lists every API
 * route, so a test can check that each one is covered (the bad-input fuzz test does).
 */
export function createRouteIndex() {
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 200 });
  const methods = new Set<HTTPMethod>();
  const routes: { method: HTTPMethod; url: string }[] = [];
  return {
    add(method: string | string[], url: string) {
      for (const m of Array.isArray(method) ? method : [method]) {
        const upper = m.toUpperCase() as HTTPMethod;
        try {
          router.on(upper, url, () => {});
          methods.add(upper);
          routes.push({ method: upper, url });
        } catch {
          // The same route twice (e.g. HEAD added for GET): already known.
        }
      }
    },
    allowed(path: string): HTTPMethod[] {
      return [...methods].filter((m) => router.find(m, path) !== null);
    },
    /** Every API route as registered (HEAD routes Fastify adds for GET included). */
    list(): { method: HTTPMethod; url: string }[] {
      return routes.map((r) => ({ ...r }));
    },
  };
}

export type RouteIndex = ReturnType<typeof createRouteIndex>;
