import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  modbusImportReply,
  modbusWizardBody,
  modbusWizardReply,
  modbusWizardSaveReply,
} from '@atrium/contracts/modbus';
import { CSV_UPLOAD_NOTE, csvFileBody, readCsvUpload } from '../../lib/csv-upload';
import { csvErrorReply } from '../../lib/error-replies';
import { errorReply } from '../../lib/schemas';
import { acceptUploads } from '../../lib/upload';
import type { ModbusImportService } from './modbus-import.service';
import type { ModbusWizardService } from './modbus-wizard.service';

interface Options {
  wizard: ModbusWizardService;
  importer: ModbusImportService;
}

const tags = ['modbus'];
const gatewayParams = z.object({
  id: z.string().min(1).max(64).describe('gateway id, or its MAC (12 hex, AA:BB:…, 0x{mac}L)'),
});
const projectParams = z.object({ id: z.string().min(1).max(64).describe('project id') });

/** The wizard's gateway calls and the CSV import (document 3 §2, §5, §7). */
export const modbusGatewayRoutes: FastifyPluginAsyncZod<Options> = async (app, o) => {
  await acceptUploads(app);

  app.get(
    '/api/gateway/monitored/modbus/:id',
    {
      schema: {
        tags,
        summary: "The gateway's Modbus configurations (the wizard's cards)",
        description:
          '409 modbusUnsupported unless the gateway is a kloudnx; empty when it is in no project.',
        params: gatewayParams,
        response: { 200: modbusWizardReply, 409: errorReply },
      },
    },
    async (req) => ({ list: await o.wizard.list(req.params.id) }),
  );

  app.post(
    '/api/gateway/monitored/modbus/:id',
    {
      schema: {
        tags,
        summary: "Replace the gateway's Modbus configurations (the wizard's save)",
        description:
          "A card whose `id` is one of the gateway's meters updates it, any other is a new " +
          'meter; the same for the values of a card; meters and values not sent are deleted. ' +
          'Absent `enabled`, `interval`, `unit` keep their stored values. 400 ipAddress, port, ' +
          'scaleFactor, interval, modbusLimit; 409 modbusUnsupported, gatewayNotInProject (in ' +
          'no project). `sent` is false when the gateway is to get it when it next connects.',
        params: gatewayParams,
        body: modbusWizardBody,
        response: { 200: modbusWizardSaveReply, 400: errorReply, 409: errorReply },
      },
    },
    async (req) => o.wizard.save(req.params.id, req.body),
  );

  app.post(
    '/api/project/importCsv/:id',
    {
      schema: {
        tags,
        summary: 'Import Modbus meters and values from a CSV file',
        description:
          `${CSV_UPLOAD_NOTE} Columns gateway,meter,ip,port,name,registerAddress,wordLength,` +
          'functionCode,unitID,scaleFactor,dataType[,swapBytes,swapWords,unit,interval] ' +
          '(any case): one value a row; the rows of one meter (same gateway and meter name) ' +
          'repeat its ip, port and interval. New meters only: a meter name already on the ' +
          'gateway is refused (meterAlreadyExists).',
        consumes: ['multipart/form-data'],
        params: projectParams,
        body: csvFileBody,
        response: { 201: modbusImportReply, 400: csvErrorReply, 413: errorReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await o.importer.importCsv(req.params.id, await readCsvUpload(req))),
  );
};
