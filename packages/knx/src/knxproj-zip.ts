import {
  configure,
  Uint8ArrayReader,
  Writer,
  ZipReader,
  type Entry,
  type FileEntry,
} from '@zip.js/zip.js';
import { KnxError } from './errors';

// Plain in-process inflate: no web workers in Node, nothing fetched from elsewhere.
configure({ useWebWorkers: false });

/** Bounds applied to a `.knxproj` archive before and while it is read. */
export interface KnxprojLimits {
  /** Largest `.knxproj` file, in bytes. */
  maxBytes: number;
  /** Most entries in one archive (outer or inner). */
  maxEntries: number;
  /** Largest uncompressed size of one entry that is read. */
  maxEntryBytes: number;
  /** Largest total of uncompressed bytes read from the archive. */
  maxTotalBytes: number;
  /** Largest uncompressed / compressed ratio of an entry over 1 MiB (zip bombs reach 1000+). */
  maxRatio: number;
}

/**
 * Default bounds: ETS projects are a few MB, their largest product files some tens of MB
 * of XML that compresses 10–40 times.
 */
export const KNXPROJ_LIMITS: KnxprojLimits = {
  maxBytes: 50_000_000,
  maxEntries: 20_000,
  maxEntryBytes: 150_000_000,
  maxTotalBytes: 300_000_000,
  maxRatio: 200,
};

const RATIO_FLOOR = 1 << 20;

function unsafe(message: string): never {
  throw new KnxError('knxprojUnsafe', message);
}

/** True for a name that climbs out of the archive or is absolute (`../x`, `/x`, `C:\x`). */
export function isUnsafeEntryName(name: string): boolean {
  const parts = name.split(/[\\/]/);
  return (
    name.startsWith('/') ||
    name.startsWith('\\') ||
    /^[A-Za-z]:/.test(name) ||
    name.includes('\0') ||
    parts.some((part) => part === '..')
  );
}

/** Counts what every archive of one import inflates, so the total stays bounded. */
export class InflateBudget {
  private used = 0;

  constructor(readonly limits: KnxprojLimits) {}

  /** Takes `bytes` from the budget; refuses the archive once the total is exceeded. */
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxTotalBytes) {
      unsafe(`the archive inflates to more than ${this.limits.maxTotalBytes} bytes`);
    }
  }
}

/** Stops reading once `cap` bytes have come (the rest of the entry is not wanted). */
class Enough extends Error {}

/** Collects inflated bytes, refusing more than the entry declared or the budget allows. */
class BoundedWriter extends Writer<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  constructor(
    private readonly declared: number,
    private readonly budget: InflateBudget,
    private readonly cap?: number,
  ) {
    super();
  }

  override writeUint8Array(array: Uint8Array): Promise<void> {
    this.length += array.length;
    if (this.length > this.declared) unsafe('an entry inflates past its declared size');
    this.budget.take(array.length);
    this.chunks.push(array.slice());
    if (this.cap !== undefined && this.length >= this.cap) throw new Enough();
    return Promise.resolve();
  }

  override getData(): Promise<Uint8Array> {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return Promise.resolve(out);
  }
}

/** An archive whose entries were listed and checked. */
export class SafeZip {
  private constructor(
    private readonly reader: ZipReader<unknown>,
    private readonly files: Map<string, FileEntry>,
    private readonly budget: InflateBudget,
  ) {}

  /**
   * Opens an archive: every entry name is checked (no `..`, no absolute path), the
   * entry count bounded, and each entry's declared size and ratio checked before
   * anything is inflated. Throws `knxprojUnsafe`, or `etsFileNotReadable` when the
   * bytes are not a zip archive.
   */
  static async open(bytes: Uint8Array, budget: InflateBudget): Promise<SafeZip> {
    const reader = new ZipReader(new Uint8ArrayReader(bytes));
    let entries: Entry[];
    try {
      entries = await reader.getEntries();
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unreadable';
      // zip.js refuses entry names climbing out of the archive before we see them.
      if (/unsafe/i.test(reason)) unsafe(`unsafe entry name: ${reason}`);
      throw new KnxError('etsFileNotReadable', `not a zip archive: ${reason}`);
    }
    const { limits } = budget;
    if (entries.length > limits.maxEntries) {
      unsafe(`the archive has ${entries.length} entries, the limit is ${limits.maxEntries}`);
    }
    const files = new Map<string, FileEntry>();
    for (const entry of entries) {
      if (isUnsafeEntryName(entry.filename)) unsafe(`unsafe entry name "${entry.filename}"`);
      if (entry.directory) continue;
      if (entry.uncompressedSize > limits.maxEntryBytes) {
        unsafe(`entry "${entry.filename}" is larger than ${limits.maxEntryBytes} bytes`);
      }
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_FLOOR && ratio > limits.maxRatio) {
        unsafe(`entry "${entry.filename}" is compressed ${Math.round(ratio)} times`);
      }
      files.set(entry.filename.replaceAll('\\', '/'), entry);
    }
    return new SafeZip(reader, files, budget);
  }

  /** Names of the file entries, with `/` as separator. */
  names(): string[] {
    return [...this.files.keys()];
  }

  has(name: string): boolean {
    return this.files.has(name);
  }

  /** True when the entry is encrypted (needs a password). */
  isEncrypted(name: string): boolean {
    return this.files.get(name)?.encrypted === true;
  }

  /**
   * Inflates one entry, within the bounds; `cap` stops after that many bytes (for a
   * header). Throws `etsPasswordRequired` / `etsPasswordWrong` for encrypted entries.
   */
  async read(name: string, options: { password?: string; cap?: number } = {}): Promise<Uint8Array> {
    const entry = this.files.get(name);
    if (entry === undefined) throw new KnxError('etsFileNotReadable', `"${name}" is missing`);
    if (entry.encrypted && (options.password === undefined || options.password === '')) {
      throw new KnxError('etsPasswordRequired', 'the project is protected by a password');
    }
    const writer = new BoundedWriter(entry.uncompressedSize, this.budget, options.cap);
    try {
      return await entry.getData(writer, {
        ...(entry.encrypted ? { password: options.password } : {}),
        checkSignature: options.cap === undefined,
      });
    } catch (error) {
      if (error instanceof Enough) return writer.getData();
      if (error instanceof KnxError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      // A wrong AES password fails its verifier; a wrong ZipCrypto password passes its
      // one-byte check once in 256 times, then inflates garbage or fails the CRC.
      if (/password/i.test(message) || entry.encrypted) {
        throw new KnxError('etsPasswordWrong', 'the password does not open the project');
      }
      throw new KnxError('etsFileNotReadable', `"${name}" cannot be read: ${message}`);
    }
  }

  async close(): Promise<void> {
    await this.reader.close();
  }
}
