import { LOGGER_KEYS } from '@atrium/contracts/monitoring';
import { loggerSchema, type Logger } from '@atrium/contracts/project';
import { AppError, notFound } from '../../lib/errors';
import { toLogger } from '../../lib/tenancy/stored-values';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { MonitoredService } from './monitored.service';
import type { VoltageRecorder } from './voltage-recorder';

type LoggerKey = keyof Logger;
type Voltage = Logger['voltage'];

/** What the logger service changes and whom it tells. */
export interface LoggerDeps {
  projects: ProjectsRepository;
  monitored: Pick<MonitoredService, 'notifyProject'>;
  recorder: Pick<VoltageRecorder, 'forget'>;
  /** Told after the voltage limits change (the alert engine). */
  onChange?: (projectId: string) => void;
}

const isLoggerKey = (key: string): key is LoggerKey => LOGGER_KEYS.some((k) => k === key);

/** The keys of `?projections=a,b`; every key when absent or blank; 400 for an unknown key. */
export function parseProjections(text: string | undefined): LoggerKey[] {
  const keys = (text ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length === 0) return [...LOGGER_KEYS];
  const unknown = keys.filter((k) => !isLoggerKey(k));
  if (unknown.length) {
    throw new AppError('validation', `Unknown logger keys: ${unknown.join(', ')}`);
  }
  return keys.filter(isLoggerKey);
}

/**
 * Voltage monitoring rules (document 2 §5): while activated, at least one threshold
 * (fillAtLeastOneField) and a minimum strictly lower than the maximum
 * (minThresholdLowerThanMax). The 0-50 bounds are checked by the body schema.
 */
export function checkVoltage(v: Voltage): void {
  if (!v.activate) return;
  if (v.minimum === null && v.maximum === null) {
    throw new AppError('fillAtLeastOneField', 'Set a minimum, a maximum or both');
  }
  if (v.minimum !== null && v.maximum !== null && v.minimum >= v.maximum) {
    throw new AppError('minThresholdLowerThanMax', 'The minimum must be below the maximum');
  }
}

/** A project's logger: pause and restart recording, options, voltage monitoring. */
export class LoggerService {
  constructor(private readonly d: LoggerDeps) {}

  private async project(projectId: string) {
    const project = await this.d.projects.findById(projectId);
    if (!project) throw notFound('project');
    return project;
  }

  /**
   * Pauses or restarts recording (the console asks for confirmation first): online
   * gateways are told to record nothing, or their list again; data stays.
   */
  async pause(projectId: string, pause: boolean): Promise<Logger> {
    const project = await this.project(projectId);
    await this.d.projects.update(project, { logger_pause: pause ? 1 : 0 });
    this.d.recorder.forget(projectId);
    await this.d.monitored.notifyProject(projectId);
    return toLogger({ ...project, logger_pause: pause ? 1 : 0 });
  }

  /** The logger fields named by `projections` (all by default). */
  async options(projectId: string, projections: string | undefined): Promise<Partial<Logger>> {
    const keys = parseProjections(projections);
    const logger = toLogger(await this.project(projectId));
    return loggerSchema.partial().parse(Object.fromEntries(keys.map((k) => [k, logger[k]])));
  }

  async voltage(
    projectId: string,
    body: { activate: boolean; minimum?: number | null; maximum?: number | null },
  ): Promise<Voltage> {
    const voltage = {
      activate: body.activate,
      minimum: body.minimum ?? null,
      maximum: body.maximum ?? null,
    };
    checkVoltage(voltage);
    const project = await this.project(projectId);
    await this.d.projects.update(project, {
      voltage_activate: voltage.activate ? 1 : 0,
      voltage_minimum: voltage.minimum,
      voltage_maximum: voltage.maximum,
    });
    this.d.onChange?.(projectId);
    return voltage;
  }
}
