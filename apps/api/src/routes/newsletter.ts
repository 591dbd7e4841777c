import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The routes of this resource are built in issue 4.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
