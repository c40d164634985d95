import type { GatewayDirectory } from '../ingest/gateway-directory';
import type { GatewayStateWriter } from '../ingest/gateway-state-writer';
import type { HubEvents } from '../hub-events';
import type { GatewayIdentity } from '../hub.repository';
import type { ProgressHandler } from '../commands/command-bus';

/**
 * The update's visible steps (document 1 §3, `step`): "updating" once sent,
 * "n/m" while flashing, -1 (booting), then cleared when the new version is
 * reported, by the version event or by the next info.
 */
export class UpdateTracker {
  /** The version last announced per gateway: the version event and the next info both report it. */
  private readonly announced = new Map<string, string>();

  constructor(
    private readonly directory: GatewayDirectory,
    private readonly writer: GatewayStateWriter,
    private readonly events: HubEvents,
  ) {}

  started(gw: GatewayIdentity) {
    this.announced.delete(gw.mac);
    this.set(gw, 'updating', gw.version);
  }

  failed(gw: GatewayIdentity, error: string) {
    this.set(gw, null, gw.version, error);
  }

  /** Progress and version events from `nx/{mac}/reply`. */
  readonly onEvent: ProgressHandler = (mac, event) => {
    void this.directory.lookup(mac).then((gw) => {
      if (!gw) return;
      if ('progress' in event)
        this.set(gw, event.progress === -1 ? '-1' : event.progress, gw.version);
      else this.finished(gw, event.version);
    });
  };

  /** The gateway runs `version`: the update is over (also called when info shows a new version). */
  finished(gw: GatewayIdentity, version: string) {
    if (this.announced.get(gw.mac) === version) return;
    this.announced.set(gw.mac, version);
    this.writer.put(gw.mac, gw.teamId, { version, step: null, waiting_update: 0 });
    this.directory.forget(gw.mac);
    this.emit(gw, null, version);
  }

  private set(gw: GatewayIdentity, step: string | null, version: string | null, error?: string) {
    this.writer.put(gw.mac, gw.teamId, { step });
    this.emit(gw, step, version, error);
  }

  private emit(gw: GatewayIdentity, step: string | null, version: string | null, error?: string) {
    if (!gw.projectId) return;
    this.events.emit('update', {
      project: gw.projectId,
      mac: gw.mac,
      step: step === '-1' ? -1 : step,
      version,
      ...(error ? { error } : {}),
    });
  }
}
