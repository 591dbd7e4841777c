import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The routes of this resource are built in issue 6.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
