import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  modbusMeterBody,
  modbusMeterReply,
  modbusMetersReply,
  modbusRemovedReply,
  modbusValueBody,
  modbusValueReply,
  modbusValuesBody,
  modbusValuesQuery,
  modbusValuesReply,
  modbusValuesSaveReply,
} from '@atrium/contracts/modbus';
import { errorReply } from '../../lib/schemas';
import type { ModbusService } from './modbus.service';

interface Options {
  modbus: ModbusService;
}

const tags = ['modbus'];
const params = z.object({ id: z.string().min(1).max(64).describe('project id') });
const meterParams = params.extend({ meterId: z.string().min(1).max(64) });
const valueParams = params.extend({ valueId: z.string().min(1).max(64) });
const SENT =
  '`sent` is false when a gateway concerned could not be told now: it is sent its ' +
  'configuration (`modbus.config`) when it next connects.';
const METER_RULES =
  '400 ipAddress, port (0-65535), interval (1-3600 s), invalidName, invalidMac; 409 ' +
  'gatewayNotInProject; 409 modbusUnsupported unless the gateway is a kloudnx; 400 modbusLimit ' +
  `past 100 meters on the gateway. ${SENT}`;
const VALUE_RULES =
  '400 scaleFactor (not 0, at most 5 decimals), validation (register, word length, function ' +
  'code 1-6, unit id, data type), unit (16 characters); 404 meterNotFound when the meter is ' +
  `not one of the project's; 400 modbusLimit past 50 values on the meter. ${SENT}`;

/** Route schemas of one kind of item of a project (meter or value): list, add, update, delete. */
function itemSchemas<ListReply, Body, Reply, Errors, IdParams>(item: {
  name: 'meter' | 'value';
  listSummary: string;
  listReply: ListReply;
  /** `params` and the item's id. */
  idParams: IdParams;
  body: Body;
  reply: Reply;
  /** The error replies of a write. */
  errors: Errors;
  /** What a write checks, for its description. */
  rules: string;
  deleteSummary: string;
}) {
  const { name } = item;
  const list = {
    schema: { tags, summary: item.listSummary, params, response: { 200: item.listReply } },
  } as const;
  const write = (update: boolean) =>
    ({
      schema: {
        tags,
        summary: update
          ? `Update a ${name} (by its \`id\`)`
          : `Add a ${name} (the server gives its id)`,
        description: `${update ? `404 ${name}NotFound. ` : ''}${item.rules}`,
        params,
        body: item.body,
        response: { 200: item.reply, ...item.errors },
      },
    }) as const;
  const remove = {
    schema: {
      tags,
      summary: item.deleteSummary,
      description: `404 ${name}NotFound. ${SENT}`,
      params: item.idParams,
      response: { 200: modbusRemovedReply, 404: errorReply },
    },
  } as const;
  return { list, add: write(false), update: write(true), remove };
}

/** Meters and values of a project (area `modbus` of the call catalogue, document 3 §7). */
export const modbusRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  const meter = itemSchemas({
    name: 'meter',
    listSummary: "The project's Modbus meters",
    listReply: modbusMetersReply,
    idParams: meterParams,
    body: modbusMeterBody,
    reply: modbusMeterReply,
    errors: { 400: errorReply, 404: errorReply, 409: errorReply },
    rules: METER_RULES,
    deleteSummary: 'Delete a meter and its values',
  });
  const value = itemSchemas({
    name: 'value',
    listSummary: "The project's Modbus values (configurations)",
    listReply: modbusValuesReply,
    idParams: valueParams,
    body: modbusValueBody,
    reply: modbusValueReply,
    errors: { 400: errorReply, 404: errorReply },
    rules: VALUE_RULES,
    deleteSummary: 'Delete a value',
  });

  app.get('/api/project/monitored/modbus/meters/:id', meter.list, async (req) => ({
    meters: await o.modbus.meters(req.params.id),
  }));
  app.post('/api/project/modbus/meter/:id', meter.add, async (req) =>
    o.modbus.saveMeter(req.params.id, req.body, false),
  );
  app.put('/api/project/modbus/meter/:id', meter.update, async (req) =>
    o.modbus.saveMeter(req.params.id, req.body, true),
  );
  app.delete('/api/project/modbus/meter/:id/:meterId', meter.remove, async (req) =>
    o.modbus.deleteMeter(req.params.id, req.params.meterId),
  );

  app.get('/api/project/monitored/modbus/values/:id', value.list, async (req) => ({
    values: await o.modbus.values(req.params.id),
  }));
  app.post(
    '/api/project/monitored/modbus/values/:id',
    {
      schema: {
        tags,
        summary: 'Save a list of values: the values of the meters in scope become the list',
        description:
          'The scope: every meter of the gateway `gatewayMac` (query) when given, and the ' +
          "meters the list names. A value whose `id` is one of the project's is updated; " +
          'one without (or with an unknown id) is created; the values of the scope not listed ' +
          `are deleted. All or nothing. ${VALUE_RULES}`,
        params,
        querystring: modbusValuesQuery,
        body: modbusValuesBody,
        response: { 200: modbusValuesSaveReply, 400: errorReply, 404: errorReply },
      },
    },
    async (req) => o.modbus.saveValues(req.params.id, req.body, req.query.gatewayMac),
  );
  app.post('/api/project/modbus/value/:id', value.add, async (req) =>
    o.modbus.saveValue(req.params.id, req.body, false),
  );
  app.put('/api/project/modbus/value/:id', value.update, async (req) =>
    o.modbus.saveValue(req.params.id, req.body, true),
  );
  app.delete('/api/project/modbus/value/:id/:valueId', value.remove, async (req) =>
    o.modbus.deleteValue(req.params.id, req.params.valueId),
  );
};
