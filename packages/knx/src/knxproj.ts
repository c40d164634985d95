import { tryParseDpt } from './dpt-id';
import { KnxError } from './errors';
import type { EtsImport } from './ets-model';
import { decodeEtsText } from './ets-text';
import { buildEtsImport } from './ets-tree';
import {
  readApplicationObjects,
  readHardwarePrograms,
  readProject0,
  readProjectInformation,
  type ApplicationObjects,
  type ComObjectLink,
  type ProjectAddress,
} from './knxproj-xml';
import { InflateBudget, KNXPROJ_LIMITS, SafeZip, type KnxprojLimits } from './knxproj-zip';

export { KNXPROJ_LIMITS, type KnxprojLimits } from './knxproj-zip';

/** First schema version of ETS 6 projects (`http://knx.org/xml/project/21`). */
export const ETS6_SCHEMA = 21;
/** The salt ETS 6 derives its project-archive password with. */
const ETS6_SALT = '21.project.ets.knx.org';

/** Options of {@link parseKnxproj}. */
export interface KnxprojOptions {
  /** The project password the user typed; used for this read only, never kept. */
  password?: string;
  /** Bounds; {@link KNXPROJ_LIMITS} by default. */
  limits?: Partial<KnxprojLimits>;
}

/** What a `.knxproj` yields: the usual import, and what was learnt about the project. */
export interface KnxprojImport extends EtsImport {
  /** The project's name in ETS, when project.xml gives it. */
  projectName?: string;
  /** ETS generation that wrote it, from the schema version of knx_master.xml. */
  etsVersion: 4 | 5 | 6;
  schemaVersion: number;
  /** True when the project was password-protected (the inner `P-XXXX.zip`). */
  protectedProject: boolean;
  /** Addresses whose DPT came from the device objects linked to them. */
  dptsFromDevices: number;
}

/**
 * The zip password ETS 6 protects a project with, derived from the user's password:
 * PBKDF2-HMAC-SHA256 over its UTF-16LE bytes, salt `21.project.ets.knx.org`, 65,536
 * rounds, 32 bytes, in base64. ETS 4 and 5 use the password as typed.
 */
export async function ets6ZipPassword(password: string): Promise<string> {
  const utf16 = new Uint8Array(password.length * 2);
  for (let index = 0; index < password.length; index += 1) {
    const code = password.charCodeAt(index);
    utf16[index * 2] = code & 0xff;
    utf16[index * 2 + 1] = code >> 8;
  }
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', utf16, 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: new TextEncoder().encode(ETS6_SALT),
      iterations: 65_536,
    },
    key,
    256,
  );
  let binary = '';
  for (const byte of new Uint8Array(bits)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function unreadable(message: string): never {
  throw new KnxError('etsFileNotReadable', message);
}

function etsVersionOf(schema: number): 4 | 5 | 6 {
  if (schema >= ETS6_SCHEMA) return 6;
  return schema <= 11 ? 4 : 5;
}

/** The schema version in knx_master.xml's root namespace (`…/xml/project/21`). */
async function schemaVersion(zip: SafeZip): Promise<number> {
  if (!zip.has('knx_master.xml')) return unreadable('no knx_master.xml: not an ETS project');
  const head = new TextDecoder().decode(await zip.read('knx_master.xml', { cap: 4096 }));
  const match = /xmlns\s*=\s*"http:\/\/knx\.org\/xml\/project\/(\d+)"/.exec(head);
  return match === null ? unreadable('knx_master.xml names no project schema') : Number(match[1]);
}

/** Where the project's files are: its folder in the archive, or its inner (protected) zip. */
function projectId(zip: SafeZip): { id: string; inner: boolean } {
  const names = zip.names();
  const inner = names.find((name) => /^P-[0-9A-Za-z-]+\.zip$/.test(name));
  if (inner !== undefined) return { id: inner.slice(0, -'.zip'.length), inner: true };
  const folder = names.find((name) => /^P-[0-9A-Za-z-]+\/0\.xml$/.test(name));
  if (folder !== undefined) return { id: folder.slice(0, folder.indexOf('/')), inner: false };
  return unreadable('no P-XXXX project in the archive');
}

/** The entry named `file` at the root of the inner zip, or in one folder below it. */
function findIn(zip: SafeZip, file: string): string | undefined {
  const lower = file.toLowerCase();
  const names = zip.names();
  return (
    names.find((name) => name.toLowerCase() === lower) ??
    names.find((name) => name.toLowerCase().endsWith(`/${lower}`) && name.split('/').length === 2)
  );
}

/** Source of the project's own files, with the password that opens them. */
interface ProjectFiles {
  zip: SafeZip;
  prefix: string;
  password?: string;
  /** 0.xml, when opening the project already read it (to check the password). */
  zero?: Uint8Array;
}

/** Opens the protected inner zip with the password ETS used for it (derived or as typed). */
async function openProtected(
  outer: SafeZip,
  id: string,
  schema: number,
  budget: InflateBudget,
  password: string | undefined,
): Promise<ProjectFiles> {
  const zip = await SafeZip.open(await outer.read(`${id}.zip`), budget);
  const zero = findIn(zip, '0.xml') ?? unreadable('the protected project holds no 0.xml');
  if (!zip.isEncrypted(zero)) return { zip, prefix: zero.slice(0, -'0.xml'.length) };
  if (password === undefined || password === '') {
    throw new KnxError('etsPasswordRequired', 'the project is protected by a password');
  }
  const derived = await ets6ZipPassword(password);
  const candidates = schema >= ETS6_SCHEMA ? [derived, password] : [password, derived];
  for (const candidate of candidates) {
    try {
      // Read whole: AES checks its verifier and MAC, ZipCrypto only one byte, then the CRC.
      const bytes = await zip.read(zero, { password: candidate });
      return { zip, prefix: zero.slice(0, -'0.xml'.length), password: candidate, zero: bytes };
    } catch (error) {
      if (!(error instanceof KnxError) || error.code !== 'etsPasswordWrong') throw error;
    }
  }
  throw new KnxError('etsPasswordWrong', 'the password does not open the project');
}

async function readText(files: ProjectFiles, name: string, limits: KnxprojLimits): Promise<string> {
  const bytes = await files.zip.read(
    name,
    files.password === undefined ? {} : { password: files.password },
  );
  return decodeEtsText(bytes, { maxBytes: limits.maxEntryBytes });
}

/** The project's 0.xml as text (already read when the password was checked). */
function readZero(files: ProjectFiles, limits: KnxprojLimits): Promise<string> {
  if (files.zero === undefined) return readText(files, `${files.prefix}0.xml`, limits);
  return Promise.resolve(decodeEtsText(files.zero, { maxBytes: limits.maxEntryBytes }));
}

/** First DPT of a `DatapointType` list (`DPST-9-1 DPST-9-2`) that the codec can read. */
function firstDpt(list: string | undefined): string | undefined {
  return list?.split(/\s+/).find((item) => item !== '' && tryParseDpt(item) !== undefined);
}

/** `MD-1_M-1_MI-1_O-3-1_R-2` → `MD-1_O-3-1_R-2`: the module instance left out, as ETS ids are. */
export function withoutModuleInstance(refId: string): string {
  const parts = refId.split('_');
  const object = parts.findIndex((part) => part.startsWith('O-'));
  if (object === -1) return refId;
  const kept = parts.slice(object);
  const before = parts[object - 1];
  if (object > 0 && before?.startsWith('SM-') === true) kept.unshift(before);
  if (parts[0]?.startsWith('MD-') === true && object > 0) kept.unshift(parts[0]);
  return kept.join('_');
}

/** The application program of a link, and the full id of its `ComObjectRef`. */
function refOf(
  link: ComObjectLink,
  programs: ReadonlyMap<string, string>,
): { app: string; ref: string } | undefined {
  if (link.refId.startsWith('M-')) {
    // ETS 4 writes the full id: M-0083_A-0012-10-1234_O-1_R-1.
    const at = link.refId.indexOf('_O-');
    return at === -1 ? undefined : { app: link.refId.slice(0, at), ref: link.refId };
  }
  const hardware = link.hardwareProgram;
  if (hardware === undefined) return undefined;
  // Hardware.xml maps the device's Hardware2Program to its application; without it,
  // ETS's ids follow M-0083_H-…_HP-0012-10-1234 → M-0083_A-0012-10-1234.
  const app =
    programs.get(hardware) ??
    hardware.replace(/_H-.*_HP-/, '_A-').replace(/^(M-[0-9A-Fa-f]+)_HP-/, '$1_A-');
  return { app, ref: `${app}_${withoutModuleInstance(link.refId)}` };
}

/** Fills the DPT of addresses that have none from the device objects linked to them. */
async function dptsFromDevices(
  outer: SafeZip,
  addresses: ProjectAddress[],
  links: ComObjectLink[],
  limits: KnxprojLimits,
): Promise<number> {
  const untyped = new Set(
    addresses.filter((entry) => firstDpt(entry.dpt) === undefined).map((entry) => entry.key),
  );
  const wanted = links.filter((link) => link.addresses.some((key) => untyped.has(key)));
  if (wanted.length === 0) return 0;
  const programs = new Map<string, string>();
  for (const name of outer.names().filter((n) => /^M-[0-9A-Za-z]+\/Hardware\.xml$/i.test(n))) {
    readHardwarePrograms(
      decodeEtsText(await outer.read(name), { maxBytes: limits.maxEntryBytes }),
      programs,
    );
  }
  const apps = new Map<string, ApplicationObjects>();
  const votes = new Map<string, Map<string, number>>();
  for (const link of wanted) {
    const found = refOf(link, programs);
    let dpt = firstDpt(link.dpt);
    if (dpt === undefined && found !== undefined) {
      const objects = await applicationObjects(outer, found.app, apps, limits);
      const ref = objects.refs.get(found.ref);
      dpt =
        firstDpt(ref?.dpt) ??
        (ref === undefined ? undefined : firstDpt(objects.objects.get(ref.object)));
    }
    if (dpt === undefined) continue;
    for (const key of link.addresses) {
      if (!untyped.has(key)) continue;
      const tally = votes.get(key) ?? new Map<string, number>();
      tally.set(dpt, (tally.get(dpt) ?? 0) + 1);
      votes.set(key, tally);
    }
  }
  let filled = 0;
  for (const entry of addresses) {
    const tally = votes.get(entry.key);
    if (tally === undefined) continue;
    // The DPT most linked objects agree on; the first linked wins a tie.
    let best: string | undefined;
    for (const [dpt, count] of tally)
      if (best === undefined || count > (tally.get(best) ?? 0)) best = dpt;
    if (best !== undefined) {
      entry.dpt = best;
      filled += 1;
    }
  }
  return filled;
}

/** The objects of one application program, read once (empty when its file is absent). */
async function applicationObjects(
  outer: SafeZip,
  app: string,
  cache: Map<string, ApplicationObjects>,
  limits: KnxprojLimits,
): Promise<ApplicationObjects> {
  const cached = cache.get(app);
  if (cached !== undefined) return cached;
  const objects: ApplicationObjects = { objects: new Map(), refs: new Map() };
  cache.set(app, objects);
  const manufacturer = app.split('_')[0] ?? '';
  const name = `${manufacturer}/${app}.xml`;
  if (outer.has(name)) {
    readApplicationObjects(
      decodeEtsText(await outer.read(name), { maxBytes: limits.maxEntryBytes }),
      objects,
    );
  }
  return objects;
}

/**
 * Reads the group addresses of an ETS project file (`.knxproj` of ETS 4, 5 or 6): a zip
 * holding `knx_master.xml`, the manufacturers' `M-XXXX/` folders and the project, either
 * as a `P-XXXX/` folder or, when protected, as an inner `P-XXXX.zip` (AES with a password
 * derived by {@link ets6ZipPassword} in ETS 6, ZipCrypto with the password as typed in
 * ETS 4/5). Addresses keep their names, descriptions and DPTs; an address without a DPT
 * takes the DPT of the device objects linked to it (their `ComObjectInstanceRef`, else
 * the product's `ComObjectRef`, else its `ComObject`). Ranges name the tree; the
 * project's address style (3-level, 2-level, free) is returned in `style`.
 *
 * Everything is bounded ({@link KNXPROJ_LIMITS}): file size, entry count, each entry's
 * size and compression ratio, the total inflated; entry names climbing out (`..`,
 * absolute) are refused. Throws `KnxError`: `emptyFile`, `fileTooLargeMax`,
 * `knxprojUnsafe`, `etsPasswordRequired`, `etsPasswordWrong`, `etsFileNotReadable`.
 * The password is used for this read only.
 */
export async function parseKnxproj(
  input: Uint8Array,
  options: KnxprojOptions = {},
): Promise<KnxprojImport> {
  const limits: KnxprojLimits = { ...KNXPROJ_LIMITS, ...options.limits };
  if (input.length === 0) throw new KnxError('emptyFile', 'the file is empty');
  if (input.length > limits.maxBytes) {
    throw new KnxError(
      'fileTooLargeMax',
      `file is ${input.length} bytes, the limit is ${limits.maxBytes}`,
    );
  }
  const budget = new InflateBudget(limits);
  const outer = await SafeZip.open(input, budget);
  try {
    const schema = await schemaVersion(outer);
    const project = projectId(outer);
    const files: ProjectFiles = project.inner
      ? await openProtected(outer, project.id, schema, budget, options.password)
      : { zip: outer, prefix: `${project.id}/` };
    const content = readProject0(await readZero(files, limits));
    if (!content.sawGroupAddresses && content.addresses.length === 0) {
      return unreadable('0.xml holds no group addresses part');
    }
    const infoName = findIn(files.zip, `${files.prefix}project.xml`);
    const information =
      infoName === undefined ? {} : readProjectInformation(await readText(files, infoName, limits));
    const filled = await dptsFromDevices(outer, content.addresses, content.links, limits);
    const raws = content.addresses.map(({ key: _key, ...raw }) => raw);
    // 0.xml writes every address as a raw integer: only project.xml tells the style.
    const result = buildEtsImport(content.ranges, raws, information.style ?? 'threeLevel');
    return {
      ...result,
      ...(information.name === undefined ? {} : { projectName: information.name }),
      etsVersion: etsVersionOf(schema),
      schemaVersion: schema,
      protectedProject: project.inner,
      dptsFromDevices: filled,
    };
  } finally {
    await outer.close();
  }
}
