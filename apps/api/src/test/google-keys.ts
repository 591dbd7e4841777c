import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';

/**
 * A local stand-in for Google's key set: one RS256 key (kid "test-kid") at `${base}/certs`, and
 * `${base}/certs-flaky`, which answers 503 while `flaky.down` is true. `attackerKey` is a key
 * Google never published, for forged tokens.
 */
export async function startGoogleKeys() {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-kid', alg: 'RS256', use: 'sig' };
  const attackerKey: CryptoKey = (await generateKeyPair('RS256')).privateKey;
  const flaky = { down: true };
  const server = http.createServer((req, res) => {
    const ok = req.url === '/certs' || (req.url === '/certs-flaky' && !flaky.down);
    res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
    res.end(ok ? JSON.stringify({ keys: [publicJwk] }) : '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    googleKey: pair.privateKey,
    publicJwk,
    attackerKey,
    flaky,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
