import { describe, expect, it } from 'vitest';
import { parseCredentials } from './credentials';
import { pickGateways } from './fleet';

describe('credentials', () => {
  it('reads the CSV import reply as JSON, or a CSV with mac,secret', () => {
    const json = JSON.stringify({
      imported: 1,
      gateways: [
        { mac: 'AA:BB:CC:DD:EE:01', sn: 'SN000001', type: 'poolnx', version: null, secret: 's1' },
      ],
    });
    expect(parseCredentials(json)).toEqual([
      { mac: 'aabbccddee01', secret: 's1', type: 'poolnx', version: null },
    ]);
    const csv = 'mac,secret,type\naabbccddee02,s2,kloudnx\naabbccddee03,s3,\n';
    const creds = parseCredentials(csv);
    expect(creds.map((c) => c.mac)).toEqual(['aabbccddee02', 'aabbccddee03']);
    expect(
      pickGateways({ credentials: creds, count: 5, types: ['kloudnx', 'poolnx'] }).map(
        (g) => g.type,
      ),
    ).toEqual(['kloudnx', 'poolnx']);
  });
});
