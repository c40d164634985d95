import type { FileKind } from './openapi-routes';
import type { Rng } from './prng';

export interface Part {
  field: string;
  filename?: string;
  contentType?: string;
  content: string | Buffer;
}

// A one-address ETS group-address export (the bench reaches this file without the test server's helpers).
const ETS_XML = [
  '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
  '<GroupAddress-Export xmlns="http://knx.org/xml/ga-export/01">',
  '  <GroupRange Name="Heating" RangeStart="2048" RangeEnd="4095">',
  '    <GroupAddress Name="Living room" Address="1/1/1" DPTs="DPST-9-1" />',
  '  </GroupRange>',
  '</GroupAddress-Export>',
].join('\r\n');

const hex = (rng: Rng, bytes: number) =>
  Array.from({ length: bytes }, () => rng.int(0, 255).toString(16).padStart(2, '0')).join('');

/** A file the route accepts: a gateways or licences CSV, an ETS export, or firmware bytes. */
export function validFile(
  kind: FileKind,
  rng: Rng,
): { filename: string; content: string | Buffer } {
  switch (kind) {
    case 'gatewaysCsv':
      return {
        filename: 'gateways.csv',
        content: `mac,sn,type\n${hex(rng, 6)},${hex(rng, 4).toUpperCase()},kloudnx\n`,
      };
    case 'licencesCsv':
      return { filename: 'licences.csv', content: `key,type\nK-${hex(rng, 6)},bossnx\n` };
    case 'etsXml':
      return { filename: 'export.xml', content: ETS_XML };
    case 'binary':
      return { filename: 'firmware.bin', content: Buffer.from(hex(rng, 64), 'hex') };
  }
}

export const newBoundary = (rng: Rng) => `----atriumfuzz${hex(rng, 8)}`;

/** A multipart/form-data body, as a browser writes it. */
export function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks = parts.flatMap((p) => {
    const disposition =
      `Content-Disposition: form-data; name="${p.field}"` +
      (p.filename !== undefined ? `; filename="${p.filename}"` : '');
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    return [
      Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    ];
  });
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

export const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
