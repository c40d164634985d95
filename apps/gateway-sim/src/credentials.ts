import { parseCsv } from '@atrium/contracts/csv';
import { gatewayTypeSchema, parseMac } from '@atrium/contracts/gateway';
import { z } from 'zod';

export const credential = z.object({
  mac: z
    .string()
    .transform(
      (m, ctx) => parseMac(m) ?? (ctx.addIssue({ code: 'custom', message: 'invalidMac' }), z.NEVER),
    ),
  secret: z.string().min(1),
  type: gatewayTypeSchema.optional(),
  version: z.string().nullable().optional(),
});
export type Credential = z.infer<typeof credential>;

const jsonFile = z.union([
  z.array(credential),
  z.object({ gateways: z.array(credential) }).transform((o) => o.gateways),
]);

/**
 * Gateways and their device secrets, as the CSV import answered them: a JSON
 * reply of POST /api/gateway/add (or its `gateways` array), or a CSV file with
 * at least the columns mac,secret (type and version optional).
 */
export function parseCredentials(text: string): Credential[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('['))
    return jsonFile.parse(JSON.parse(trimmed));
  const table = parseCsv(text);
  const header = table.header.map((h) => h.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  if (column('mac') < 0 || column('secret') < 0)
    throw new Error('credentials CSV needs the columns mac,secret');
  return table.rows.map(({ cells }) =>
    credential.parse({
      mac: cells[column('mac')],
      secret: cells[column('secret')],
      type: (column('type') >= 0 && cells[column('type')]?.toLowerCase()) || undefined,
      version: column('version') >= 0 ? cells[column('version')] || null : undefined,
    }),
  );
}
