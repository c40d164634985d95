import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ModbusValueRef } from '@atrium/contracts/modbus';
import type { Db } from '../../db/database';
import type { GatewaysRepository } from '../gateways/gateways.repository';
import { ConfigSender, type ModbusCommands } from './modbus-config';
import { modbusGatewayRoutes } from './modbus-gateway.routes';
import { ModbusImportService } from './modbus-import.service';
import { ModbusWizardService } from './modbus-wizard.service';
import { ModbusRepository } from './modbus.repository';
import { modbusRoutes } from './modbus.routes';
import { ModbusService } from './modbus.service';

/** What the modbus module is built from (see app.ts). */
export interface ModbusDeps {
  db: Db;
  gateways: Pick<GatewaysRepository, 'find'>;
  /** The hub's commands, for `modbus.config`; without them, gateways get it on connect. */
  commands?: ModbusCommands;
  log: FastifyBaseLogger;
}

export interface ModbusModule {
  service: ModbusService;
  wizard: ModbusWizardService;
  repo: ModbusRepository;
  /** Each value of a project with its meter, gateway and unit (the graph dialog's names). */
  valuesOf(projectId: string): Promise<ModbusValueRef[]>;
  /** Hub, when a gateway says online: sends the configuration it has not acknowledged yet. */
  onArrival(gw: { id: string; mac: string; waiting?: { modbus: boolean } }): Promise<void>;
  routes: FastifyPluginAsync;
}

/**
 * Builds the modbus module (issue 15, decision 0019): meters and values of projects, the
 * wizard's per-gateway configurations, the CSV import, and `modbus.config` to the gateways.
 */
export function createModbusModule(d: ModbusDeps): ModbusModule {
  const repo = new ModbusRepository(d.db);
  const sender = new ConfigSender({
    repo,
    gateways: d.gateways,
    log: d.log,
    ...(d.commands ? { commands: d.commands } : {}),
  });
  const deps = { repo, gateways: d.gateways, sender };
  const service = new ModbusService(deps);
  const wizard = new ModbusWizardService(deps);
  const importer = new ModbusImportService(deps);
  return {
    service,
    wizard,
    repo,
    valuesOf: (projectId) => service.valuesOf(projectId),
    onArrival: (gw) => sender.onArrival(gw),
    routes: async (app) => {
      await app.register(modbusRoutes, { modbus: service });
      await app.register(modbusGatewayRoutes, { wizard, importer });
    },
  };
}
