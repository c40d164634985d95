import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isKnxError } from './errors';
import { parseEtsXml } from './ets-xml';

const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url)));

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isKnxError(error) ? error.code : 'not a KnxError';
  }
  return undefined;
}

describe('parseEtsXml on ETS exports', () => {
  it('reads an ETS 5/6 export with CRLF line ends and nested ranges', () => {
    const bytes = fixture('ets6-export.xml');
    expect(new TextDecoder().decode(bytes)).toContain('\r\n');
    const result = parseEtsXml(bytes);
    expect(result.skipped).toEqual([]);
    expect(result.addresses).toEqual([
      { address: '0/0/1', name: 'Kitchen ceiling', dpt: '1.001', description: 'main light' },
      { address: '0/0/2', name: 'Kitchen spots', dpt: '1.001' },
      { address: '0/1/1', name: 'Kitchen dim', dpt: '3.007' },
      { address: '0/1/2', name: 'Kitchen brightness', dpt: '5.001' },
      { address: '13/0/0', name: 'Living room temperature', dpt: '9.001' },
      { address: '13/0/10', name: 'Energy meter', dpt: '13.013' },
      { address: '13/0/11', name: 'Custom type', dpt: '222' },
      { address: '13/0/12', name: 'No type' },
    ]);
    expect(result.tree.map((main) => [main.main, main.name])).toEqual([
      [0, 'Light & Power'],
      [13, 'Heating'],
      [15, 'Empty main'],
    ]);
    const [light] = result.tree;
    expect(
      light?.middles.map((middle) => [middle.middle, middle.name, middle.addresses.length]),
    ).toEqual([
      [0, 'Switch', 2],
      [1, 'Dimming', 2],
      [2, 'Spare', 0],
    ]);
    expect(result.tree[1]?.middles[0]?.addresses[0]).toEqual({
      address: '13/0/0',
      name: 'Living room temperature',
      dpt: '9.001',
    });
    expect(result.tree[2]?.middles).toEqual([]);
  });

  it('reads an ETS 4 style export: prefixed elements, another namespace, 2-level addresses', () => {
    const result = parseEtsXml(fixture('ets4-export.xml'));
    expect(result.addresses).toEqual([
      { address: '1/0/1', name: 'Hall', dpt: '1' },
      { address: '1/7/255', name: 'Stairs', dpt: '1.001' },
      { address: '2/1/44', name: 'South blind', dpt: '1.008' },
    ]);
    expect(result.tree.map((main) => main.name)).toEqual(['Lighting', 'Blinds']);
    expect(result.tree[0]?.middles.map((middle) => middle.middle)).toEqual([0, 7]);
  });

  it('reads a .knxproj 0.xml: DatapointType and raw integer addresses', () => {
    const result = parseEtsXml(fixture('knxproj-0.xml'));
    expect(result.addresses).toEqual([
      { address: '1/2/3', name: 'Office temperature', dpt: '9.001' },
      { address: '1/2/4', name: 'Office humidity', dpt: '9.007' },
      { address: '1/2/5', name: 'Office power', dpt: '14.056' },
      { address: '31/7/255', name: 'All off', dpt: '1.001' },
    ]);
    expect(result.tree.map((main) => [main.main, main.name, main.middles[0]?.name])).toEqual([
      [1, 'Ground floor', 'Sensors'],
      [31, 'Central', 'All'],
    ]);
  });

  it('decodes entities, character references and non-ASCII names behind a UTF-8 BOM', () => {
    const bytes = fixture('ets-entities-accents.xml');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const result = parseEtsXml(bytes);
    expect(result.addresses.map((entry) => entry.name)).toEqual([
      'Lampe <table> "ronde"',
      "Salle d'eau",
      'Café € prix',
      'Küche Wärme 温度',
    ]);
    expect(result.tree[0]?.name).toBe('Séjour & cuisine');
    expect(result.tree[0]?.middles[0]?.name).toBe('Éclairage');
  });

  it('decodes a file declared as iso-8859-1', () => {
    const bytes = fixture('ets-latin1.xml');
    expect(bytes.includes(0xe9)).toBe(true);
    const result = parseEtsXml(bytes);
    expect(result.tree[0]?.name).toBe('Étage');
    expect(result.tree[0]?.middles[0]?.name).toBe('Chambre à coucher');
    expect(result.addresses[0]).toEqual({
      address: '1/0/1',
      name: 'Température séjour',
      dpt: '9.001',
    });
  });

  it('skips entries without a usable address, with the reason, and keeps the rest', () => {
    const result = parseEtsXml(fixture('ets-partial.xml'));
    expect(result.addresses).toEqual([
      { address: '0/0/1', name: 'Good', dpt: '1.001' },
      { address: '0/0/2', name: 'Garbage type' },
    ]);
    expect(result.skipped).toEqual([
      { name: 'No address', reason: 'missingAddress' },
      { address: '  ', name: 'Blank address', reason: 'missingAddress' },
      { address: '32/0/0', name: 'Main too big', reason: 'malformedAddress' },
      { address: '1/8/0', name: 'Middle too big', reason: 'malformedAddress' },
      { address: 'kitchen', name: 'Words', reason: 'malformedAddress' },
      { address: '0/0/1', name: 'Duplicate', reason: 'duplicateAddress' },
      { address: '1', name: 'Same as 0/0/1, free form', reason: 'duplicateAddress' },
    ]);
  });

  it('accepts text as well as bytes', () => {
    const text = new TextDecoder().decode(fixture('ets6-export.xml'));
    expect(parseEtsXml(text).addresses).toHaveLength(8);
    expect(parseEtsXml(`\uFEFF${text}`).addresses).toHaveLength(8);
  });
});

describe('parseEtsXml on bad input', () => {
  it.each([
    ['empty.xml', 'emptyFile'],
    ['ets-truncated.xml', 'etsFileNotReadable'],
    ['ets-xxe.xml', 'etsFileNotReadable'],
    ['ets-bomb.xml', 'etsFileNotReadable'],
    ['ets-wrong-encoding.xml', 'etsFileNotReadable'],
    ['not-ets.xml', 'etsFileNotReadable'],
  ])('%s fails with %s', (name, code) => {
    expect(codeOf(() => parseEtsXml(fixture(name)))).toBe(code);
  });

  it('refuses an XML bomb at once, whatever its depth', () => {
    const levels = Array.from(
      { length: 30 },
      (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`,
    );
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY l0 "lol">${levels.join('')}]><x>&l30;</x>`;
    const started = performance.now();
    expect(codeOf(() => parseEtsXml(bomb))).toBe('etsFileNotReadable');
    expect(codeOf(() => parseEtsXml(fixture('ets-bomb.xml')))).toBe('etsFileNotReadable');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses XXE and bomb files because of their DOCTYPE, before any entity is read', () => {
    for (const name of ['ets-xxe.xml', 'ets-bomb.xml']) {
      expect(() => parseEtsXml(fixture(name))).toThrow(/DOCTYPE/);
    }
  });

  it('refuses undeclared entities, which a DOCTYPE-less file cannot define', () => {
    const text =
      '<GroupAddress-Export><GroupAddress Name="&xxe;" Address="1/1/1"/></GroupAddress-Export>';
    expect(codeOf(() => parseEtsXml(text))).toBe('etsFileNotReadable');
  });

  it('enforces the size limit before reading', () => {
    const big = new Uint8Array(1_000_001).fill(0x20);
    expect(codeOf(() => parseEtsXml(big))).toBe('fileTooLargeMax');
    const small = fixture('ets6-export.xml');
    expect(codeOf(() => parseEtsXml(small, { maxBytes: small.length - 1 }))).toBe(
      'fileTooLargeMax',
    );
    expect(parseEtsXml(small, { maxBytes: small.length }).addresses).toHaveLength(8);
  });

  it('treats whitespace as empty and refuses an unknown declared encoding', () => {
    expect(codeOf(() => parseEtsXml(' \r\n '))).toBe('emptyFile');
    const ebcdic = new TextEncoder().encode('<?xml version="1.0" encoding="ebcdic"?><a/>');
    expect(codeOf(() => parseEtsXml(ebcdic))).toBe('etsFileNotReadable');
  });
});
