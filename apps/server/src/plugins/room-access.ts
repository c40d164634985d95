import fp from 'fastify-plugin';
import { z } from 'zod';

interface RoomAccessOptions {
  /** Takes out of the project's socket rooms whoever may no longer read it (realtime module). */
  reauthorizeProject(projectId: string): Promise<void>;
}

/** Routes after which fewer users may read the project `:id`. */
const NARROWING_ROUTES = new Set([
  'POST /api/project/viewer/remove/:id',
  'DELETE /api/project/delete/:id',
]);

const projectParam = z.object({ id: z.string() });

/**
 * Live events follow access (decision 0016): once a viewer is removed from a project, or the
 * project deleted, the sockets that may no longer read it leave its rooms, on every node.
 * Sockets of revoked sessions (password reset, rank change, deleted account) are closed by
 * the users module's revocations instead.
 */
export const roomAccessPlugin = fp<RoomAccessOptions>((app, opts, done) => {
  // Before the reply leaves: once the caller has it, no more events reach those sockets.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 300) return payload;
    if (!NARROWING_ROUTES.has(`${req.method} ${req.routeOptions.url ?? ''}`)) return payload;
    const params = projectParam.safeParse(req.params);
    if (!params.success) return payload;
    await opts.reauthorizeProject(params.data.id).catch((err: unknown) => {
      req.log.warn({ err }, 'project sockets not re-authorised');
    });
    return payload;
  });
  done();
});
