import { createHash } from 'node:crypto';

/** The outcome of a firmware download: its size, or the protocol error code to reply with. */
export type FirmwareCheck =
  | { ok: true; size: number }
  | { ok: false; code: 'firmwareDownloadFailed' | 'firmwareChecksumMismatch'; message: string };

/** Downloads a firmware image and checks its SHA-256, as the device does before flashing. */
export async function fetchFirmware(
  url: string,
  sha256: string,
  fetcher: typeof fetch = fetch,
): Promise<FirmwareCheck> {
  let bytes: Buffer;
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok)
      return { ok: false, code: 'firmwareDownloadFailed', message: `HTTP ${res.status}` };
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    return { ok: false, code: 'firmwareDownloadFailed', message: String(err) };
  }
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) {
    return { ok: false, code: 'firmwareChecksumMismatch', message: `got ${actual.slice(0, 12)}…` };
  }
  return { ok: true, size: bytes.length };
}
