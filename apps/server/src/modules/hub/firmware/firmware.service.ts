import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SignJWT, jwtVerify } from 'jose';
import type { FirmwareItem } from '@atrium/contracts/hub';
import type { GatewayType } from '@atrium/contracts/limits';
import type { UpdateBranch } from '@atrium/contracts/gateway-protocol';
import { AppError, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { FirmwareTable } from '../../../db/schema';
import { isGatewayType } from '../../../lib/tenancy/stored-values';
import type { FirmwareRepository } from './firmware.repository';

/** How long a download link given to a gateway stays valid. */
const DOWNLOAD_TTL_SECONDS = 15 * 60;

export const firmwareNotFound = () =>
  new AppError('firmwareNotFound', 'No firmware file was uploaded for this version');

const toItem = (r: FirmwareTable): FirmwareItem => ({
  id: r.id,
  type: isGatewayType(r.type) ? r.type : 'kloudnx',
  version: r.version,
  branch: r.branch === 'beta' ? 'beta' : 'MAIN',
  sha256: r.sha256,
  size: Number(r.size),
  createdAt: Number(r.created_at),
});

/**
 * Firmware files per type and version under DATA_DIR/firmware, with their
 * SHA-256; gateways download them at a URL signed for a short time.
 */
export class FirmwareService {
  private readonly dir: string;
  private readonly key: Uint8Array;
  private readonly publicUrl: string;

  constructor(
    private readonly repo: FirmwareRepository,
    o: { dataDir: string; secret: string; publicUrl: string },
  ) {
    this.publicUrl = o.publicUrl;
    this.dir = join(o.dataDir, 'firmware');
    mkdirSync(this.dir, { recursive: true });
    this.key = new TextEncoder().encode(`firmware:${o.secret}`);
  }

  /** Streams an upload to disk while hashing it; replaces an earlier file of the same version. */
  async store(
    file: NodeJS.ReadableStream,
    meta: { type: GatewayType; version: string; branch: UpdateBranch },
  ) {
    const id = newId();
    const tmp = join(this.dir, `${id}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(file, tap, createWriteStream(tmp));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    if (size === 0) {
      await rm(tmp, { force: true });
      throw new AppError('emptyFile', 'The file is empty');
    }
    const name = `${meta.type}-${meta.version}-${id}.bin`;
    await rename(tmp, join(this.dir, name));
    const row = {
      id,
      ...meta,
      sha256: hash.digest('hex'),
      size,
      file: name,
      created_at: Date.now(),
    };
    const replaced = await this.repo.upsert(row);
    if (replaced) await rm(join(this.dir, replaced), { force: true });
    return toItem(row);
  }

  /** The file to flash for (type, version), if one was uploaded. */
  find(type: string, version: string) {
    return this.repo.find(type, version);
  }

  latestBeta(type: string) {
    return this.repo.latest(type, 'beta');
  }

  /** The update command's download URL: signed for this firmware and gateway, short-lived. */
  async downloadUrl(fw: FirmwareTable, mac: string): Promise<string> {
    const token = await new SignJWT({ mac })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(fw.id)
      .setExpirationTime(`${DOWNLOAD_TTL_SECONDS}s`)
      .sign(this.key);
    return `${this.publicUrl}/api/hub/firmware/${fw.id}?token=${token}`;
  }

  /**
   * A `fetch` for the demo gateways' agents, which run inside the server: this service's own
   * download URLs are answered from the file (the same token check, no round trip through
   * PUBLIC_URL, which the server may not reach behind a proxy); any other URL is fetched.
   */
  inProcessFetch(): typeof fetch {
    const prefix = `${this.publicUrl}/api/hub/firmware/`;
    return async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(prefix)) return fetch(input, init);
      const parsed = new URL(url);
      const id = decodeURIComponent(parsed.pathname.split('/').pop() ?? '');
      try {
        const { size, stream } = await this.open(id, parsed.searchParams.get('token') ?? '');
        return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) },
        });
      } catch (err) {
        if (err instanceof AppError) return new Response(null, { status: 404 });
        throw err;
      }
    };
  }

  /** The file behind a signed URL; 404 for a bad, expired or foreign token. */
  async open(id: string, token: string) {
    const ok = await jwtVerify(token, this.key).then(
      (r) => r.payload.sub === id,
      () => false,
    );
    const fw = ok ? await this.repo.findById(id) : undefined;
    if (!fw) throw notFound('firmware');
    const path = join(this.dir, fw.file);
    // The size on disk, not the recorded one: the gateway's hash check tells them apart.
    return { size: (await stat(path)).size, stream: createReadStream(path) };
  }
}
