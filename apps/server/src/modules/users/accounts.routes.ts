import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  account,
  accountsReply,
  createAccountBody,
  createViewerBody,
  deleteViewersBody,
  updateAccountsBody,
} from '@atrium/contracts/user';
import { errorReply } from '../../lib/schemas';
import { requireUser } from '../../plugins/auth';
import type { AccountsService } from './accounts.service';

const tags = ['user'];

/** Team accounts (managers and users) and viewer accounts. */
export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.get(
    '/api/user/accounts',
    {
      schema: {
        tags,
        summary: "The team's manager and user accounts, managers first",
        response: { 200: accountsReply },
      },
    },
    async (req) => ({ accounts: await accounts.list(requireUser(req)) }),
  );

  app.post(
    '/api/user/accounts/create',
    {
      schema: {
        tags,
        summary: 'Create a manager or user account in the caller’s team; mails a set-password link',
        body: createAccountBody,
        response: { 201: z.object({ account }), 409: errorReply },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ account: await accounts.create(requireUser(req), req.body.email, req.body.rank) }),
  );

  app.post(
    '/api/user/accounts/update',
    {
      schema: {
        tags,
        summary: 'Save the account list: ranks as listed; accounts left out are deleted',
        body: updateAccountsBody,
        response: { 200: accountsReply, 404: errorReply },
      },
    },
    async (req) => ({ accounts: await accounts.update(requireUser(req), req.body.accounts) }),
  );

  app.get(
    '/api/user/viewers',
    {
      schema: { tags, summary: "The team's viewer accounts", response: { 200: accountsReply } },
    },
    async (req) => ({ accounts: await accounts.listViewers(requireUser(req)) }),
  );

  app.post(
    '/api/user/viewers/create',
    {
      schema: {
        tags,
        summary: 'Create a read-only viewer account in the caller’s team',
        body: createViewerBody,
        response: { 201: z.object({ account }), 409: errorReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        account: await accounts.createViewer(requireUser(req), req.body.email, req.body.password),
      }),
  );

  app.post(
    '/api/user/viewers/delete',
    {
      schema: {
        tags,
        summary: 'Delete viewer accounts of the caller’s team',
        body: deleteViewersBody,
        response: { 200: z.object({ message: z.string() }), 404: errorReply },
      },
    },
    async (req) => {
      await accounts.deleteViewers(requireUser(req), req.body.emails);
      return { message: 'success' };
    },
  );
};
