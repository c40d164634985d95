import { z } from 'zod';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProjectBody,
  featuresReply,
  gatewayNamesReply,
  macsBody,
  projectListReply,
  projectReply,
  renameProjectBody,
  viewerAddBody,
  viewerRemoveBody,
  viewersReply,
} from '@atrium/contracts/project';
import { messageReply } from '@atrium/contracts/user';
import { errorReply } from '../../lib/schemas';
import { emailsErrorReply, macsErrorReply } from '../../lib/error-replies';
import { requireUser } from '../../plugins/auth';
import type { ProjectGatewaysService } from './project-gateways.service';
import { sendPrepared } from '../../lib/prepared-json';
import type { ProjectViewersService } from './project-viewers.service';
import type { ProjectsService } from './projects.service';

interface Options {
  projects: ProjectsService;
  links: ProjectGatewaysService;
  viewers: ProjectViewersService;
}

const tags = ['project'];
const params = z.object({ id: z.string().min(1).max(64) });
const notFound = { 404: errorReply };

/** The project service of document 3 §7 (monitoring, Modbus and ETS calls live elsewhere). */
export const projectRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  // The list is sent as prepared JSON (see RevisionCache); the schema documents it.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    '/api/project',
    {
      schema: {
        tags,
        summary: "The caller's projects with their role, gateways summary and indicators",
        description:
          'Team projects first (role owner, or viewer for the viewer rank), then projects the ' +
          'caller was granted viewer on. `online`: 2 all gateways online, 1 some, 0 none. ' +
          'Administrators get every project.',
        response: { 200: projectListReply },
      },
    },
    async (req, reply) => sendPrepared(req, reply, await o.projects.listJson(requireUser(req))),
  );

  app.get(
    '/api/project/features',
    {
      schema: {
        tags,
        summary: 'Features the projects list filters on',
        response: { 200: featuresReply },
      },
    },
    () => ({ features: o.projects.features() }),
  );

  app.get(
    '/api/project/:id',
    {
      schema: {
        tags,
        summary: 'One project',
        params,
        response: { 200: projectReply, ...notFound },
      },
    },
    async (req) => ({ project: await o.projects.get(requireUser(req), req.params.id) }),
  );

  app.post(
    '/api/project/create',
    {
      schema: {
        tags,
        summary: "Create a project in the caller's team",
        description: '409 projectNameAlreadyInUse: the team has a project of that name (any case).',
        body: createProjectBody,
        response: { 201: projectReply, 409: errorReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ project: await o.projects.create(requireUser(req), req.body.name) }),
  );

  app.delete(
    '/api/project/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project; its gateways stay on the account, unlinked',
        params,
        response: { 200: messageReply, ...notFound },
      },
    },
    async (req) => {
      await o.projects.remove(requireUser(req), req.params.id);
      return { message: 'deletedProject' };
    },
  );

  app.post(
    '/api/project/rename/:id',
    {
      schema: {
        tags,
        summary: 'Rename a project',
        description:
          '409 projectNameAlreadyInUse; 400 with message invalidRename for an empty name.',
        params,
        body: renameProjectBody,
        response: { 200: projectReply, 409: errorReply, ...notFound },
      },
    },
    async (req) => ({
      project: await o.projects.rename(requireUser(req), req.params.id, req.body.name),
    }),
  );

  app.get(
    '/api/project/viewers/:id',
    {
      schema: { tags, summary: "The project's viewers", params, response: { 200: viewersReply } },
    },
    async (req) => ({ viewers: await o.viewers.list(req.params.id) }),
  );

  app.post(
    '/api/project/viewer/add/:id',
    {
      schema: {
        tags,
        summary: 'Let an existing account read the project (role viewer)',
        description: '404 userNotFound: no account has this e-mail.',
        params,
        body: viewerAddBody,
        response: { 200: viewersReply, 404: emailsErrorReply },
      },
    },
    async (req) => ({
      viewers: await o.viewers.add(requireUser(req), req.params.id, req.body.email),
    }),
  );

  app.post(
    '/api/project/viewer/remove/:id',
    {
      schema: {
        tags,
        summary: 'Remove viewers of the project',
        description:
          '404 userNotFound (with `emails`) when one is not a viewer; nothing is removed.',
        params,
        body: viewerRemoveBody,
        response: { 200: viewersReply, 404: emailsErrorReply },
      },
    },
    async (req) => ({
      viewers: await o.viewers.remove(requireUser(req), req.params.id, req.body.emails),
    }),
  );

  app.post(
    '/api/project/link/:id',
    {
      schema: {
        tags,
        summary: "Link the account's gateways to the project by MAC",
        description:
          'Gateways in another project are moved; names are cut to 20 characters. 404 notFound ' +
          'with `macs` when one is unknown or not the caller’s: nothing is linked.',
        params,
        body: macsBody,
        response: { 200: projectReply, 404: macsErrorReply },
      },
    },
    async (req) => ({
      project: await o.links.link(requireUser(req), req.params.id, req.body.macs),
    }),
  );

  app.post(
    '/api/project/unlink/:id',
    {
      schema: {
        tags,
        summary: 'Remove gateways from the project (they stay on the account)',
        description: '404 notFound with `macs` when one is not in the project: nothing is removed.',
        params,
        body: macsBody,
        response: { 200: projectReply, 404: macsErrorReply },
      },
    },
    async (req) => ({
      project: await o.links.unlink(requireUser(req), req.params.id, req.body.macs),
    }),
  );

  app.get(
    '/api/project/gateways/name/:id',
    {
      schema: {
        tags,
        summary: "Name, MAC and type of the project's gateways",
        params,
        response: { 200: gatewayNamesReply },
      },
    },
    async (req) => ({ gateways: await o.links.names(req.params.id) }),
  );
};
