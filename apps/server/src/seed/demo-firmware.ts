import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { GATEWAY_TYPES, type GatewayType } from '@atrium/contracts/limits';
import type { HubModule } from '../modules/hub/hub.module';

/** The size of a demo firmware image: small, but a real download with a real SHA-256. */
const IMAGE_BYTES = 64 * 1024;

/** A demo firmware image: a readable header, then bytes that depend on type and version. */
export function demoFirmwareImage(type: GatewayType, version: string): Buffer {
  const header = Buffer.from(`ATRIUM DEMO FIRMWARE ${type} ${version}\n`);
  const body = Buffer.alloc(IMAGE_BYTES - header.length);
  let block = createHash('sha256').update(header).digest();
  for (let i = 0; i < body.length; i += block.length) {
    block.copy(body, i);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat([header, body]);
}

/** Where the demo firmware goes, and which version each type is at. */
export interface DemoFirmwareModules {
  hub: Pick<HubModule, 'firmware'>;
  information: { latestVersion(type: GatewayType): Promise<string> };
}

/**
 * One firmware release per gateway type at its reference version, stored as the upload route
 * stores it (DATA_DIR/firmware, with its SHA-256): an update of an outdated demo gateway
 * downloads, checks and flashes it to the end.
 */
export async function seedDemoFirmware(m: DemoFirmwareModules) {
  for (const type of GATEWAY_TYPES) {
    const version = await m.information.latestVersion(type);
    await m.hub.firmware.store(Readable.from([demoFirmwareImage(type, version)]), {
      type,
      version,
      branch: 'MAIN',
    });
  }
}
