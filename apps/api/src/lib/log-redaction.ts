import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets: sign-in links (`/?token=`), the e-mail verification
 * and password reset links, the repair tracking link (`/servisi/statusi?kodi=…&imei=…`: the code
 * and the IMEI's last digits together show a repair and can approve its estimate, decision 018),
 * the tracking proofs in any spelling (proof, phone, telefoni), a device PIN, and anything a
 * client might send by mistake in the address.
 */
const SECRET_PARAMS =
  /^(token|code|kodi|imei|proof|prova|phone|telefoni|tel|pin|password|secret|key|sig|signature|access_token|id_token)$/i;

/** The request's address with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_PARAMS.test(name.trim()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * The logger's request serializer: what pino's default one writes, with the address redacted, so
 * a token in a query string never reaches the logs.
 */
export const requestSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
