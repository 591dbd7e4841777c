import type { FastifyInstance } from 'fastify';
import { runSalePriceJob } from '../services/sale-prices';

/**
 * Each instance's timer for scheduled sale prices (decision 050), the pattern of the unpaid
 * transfers' (decision 043): a run at start (a sale that began while no server ran applies at
 * once), then every SALE_PRICE_JOB_INTERVAL_MS; the claim (FOR UPDATE SKIP LOCKED) keeps instances
 * from doubling a move. After a run that moved something this instance's product cache is emptied
 * at once; the others hear of it through products_changed. Runs never overlap on one instance.
 */
export function startSalePriceJob(app: FastifyInstance): void {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= runSalePriceJob(app.db)
      .then(
        (n) => {
          if (n > 0) {
            app.productCache.invalidate();
            app.log.info({ moved: n }, 'scheduled sale prices started or ended');
          }
        },
        (err: unknown) => app.log.warn({ err }, 'starting or ending scheduled sale prices failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, app.config.SALE_PRICE_JOB_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
