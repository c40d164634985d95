import { isKnxError, type KnxErrorCode } from '@atrium/knx/errors';
import type { ErrorCode } from '@atrium/contracts/errors';
import type { EtsImport } from '@atrium/knx/ets-model';
import { parseEtsXml } from '@atrium/knx/ets-xml';
import { parseKnxproj } from '@atrium/knx/knxproj';
import { LIMITS } from '@atrium/contracts/limits';
import {
  etsTree,
  type EtsAddress,
  type EtsInfos,
  type EtsTree,
} from '@atrium/contracts/monitoring';
import { AppError } from '../../lib/errors';
import { WorkGate } from '../../lib/work-gate';
import type { EtsRepository } from './ets.repository';
import type { EtsUpload } from './ets-upload';

/** A stored ETS file, read back. */
export interface EtsFile extends EtsInfos {
  file: EtsTree;
}

/** 404 etsFileNotFound: the project has no ETS file (console: projectOrEtsNotFound). */
export const etsFileNotFound = () =>
  new AppError('etsFileNotFound', 'This project has no ETS file');

/** The codes of the ETS readers that the server answers as they are (their status in the catalogue). */
const PASSED_ON: Partial<Record<KnxErrorCode, ErrorCode>> = {
  fileTooLargeMax: 'fileTooLargeMax',
  emptyFile: 'emptyFile',
  etsPasswordRequired: 'etsPasswordRequired',
  etsPasswordWrong: 'etsPasswordWrong',
  knxprojUnsafe: 'knxprojUnsafe',
};

/**
 * A `.knxproj` may inflate to a few hundred MB while it is read (packages/knx KNXPROJ_LIMITS):
 * one is read at a time per node, two more wait, and more are refused (429 rateLimited), so that
 * editors uploading at once cannot make the node hold more than that.
 */
const knxprojReads = new WorkGate(1, 2);

/**
 * Parses an upload: an ETS XML export, or a `.knxproj` project read with the password
 * sent with it (used for this read only). Every refusal is a 4xx with its catalogue code.
 */
async function parse(upload: EtsUpload): Promise<EtsImport> {
  try {
    if (upload.kind !== 'knxproj') return parseEtsXml(upload.bytes);
    return await knxprojReads.run(() =>
      parseKnxproj(upload.bytes, {
        ...(upload.password === undefined ? {} : { password: upload.password }),
        limits: { maxBytes: LIMITS.knxprojMaxBytes },
      }),
    );
  } catch (err) {
    if (!isKnxError(err)) throw err;
    if (err.code === 'fileTooLargeMax' && upload.kind === 'knxproj') {
      throw new AppError('knxprojTooLarge', err.message);
    }
    throw new AppError(PASSED_ON[err.code] ?? 'etsFileNotReadable', err.message);
  }
}

/** Every address of the tree, in tree order. */
export const flatten = (tree: EtsTree): EtsAddress[] =>
  tree.flatMap((main) => main.middles.flatMap((middle) => middle.addresses));

/** The ETS file of a project (document 2 §3): verify, upload, read, delete. */
export class EtsService {
  constructor(private readonly repo: EtsRepository) {}

  /** What an upload would store, without storing it. */
  async verify(upload: EtsUpload) {
    const parsed = await parse(upload);
    return {
      name: upload.name,
      count: parsed.addresses.length,
      file: parsed.tree,
      skipped: parsed.skipped,
    };
  }

  /**
   * Replaces the project's file. A file that fails any check, or holds no usable
   * address, is refused and the previous file stays as it was.
   */
  async upload(projectId: string, upload: EtsUpload) {
    const parsed = await parse(upload);
    if (parsed.addresses.length === 0) {
      throw new AppError('etsNoAddress', 'The file holds no usable group address');
    }
    const infos = { name: upload.name, timestamp: Date.now(), count: parsed.addresses.length };
    await this.repo.save({
      project_id: projectId,
      name: infos.name,
      timestamp: infos.timestamp,
      address_count: infos.count,
      tree: JSON.stringify(parsed.tree),
    });
    return { infos, skipped: parsed.skipped };
  }

  /** The project's file, or undefined when it has none. */
  async find(projectId: string): Promise<EtsFile | undefined> {
    const row = await this.repo.find(projectId);
    if (!row) return undefined;
    // Stored by upload() from a parsed tree; checked again rather than trusted.
    const file = etsTree.parse(JSON.parse(row.tree));
    return {
      name: row.name,
      timestamp: Number(row.timestamp),
      count: row.address_count,
      file,
    };
  }

  async get(projectId: string): Promise<EtsFile> {
    const ets = await this.find(projectId);
    if (!ets) throw etsFileNotFound();
    return ets;
  }

  async infos(projectId: string): Promise<EtsInfos | null> {
    const row = await this.repo.findInfos(projectId);
    return row
      ? { name: row.name, timestamp: Number(row.timestamp), count: row.address_count }
      : null;
  }

  /** The flat list (address, dpt, name); empty when the project has no file. */
  async simplified(projectId: string): Promise<EtsAddress[]> {
    const ets = await this.find(projectId);
    return ets ? flatten(ets.file) : [];
  }

  /** Deletes the file; monitored addresses are kept (the caller may reset them). */
  async remove(projectId: string): Promise<void> {
    if (!(await this.repo.delete(projectId))) throw etsFileNotFound();
  }
}
