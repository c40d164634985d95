import { HUGE_STRING_BYTES } from './evil-values';
import { multipartBody, multipartType, newBoundary, validFile, type Part } from './multipart';
import type { Mutation } from './mutation';
import type { Rng } from './prng';
import type { RequestParts } from './request-parts';

const isFileRoute = (p: RequestParts) => p.route.body?.kind === 'multipart';

/** Broken uploads: each gives the content type and the bytes sent. */
function brokenUploads(p: RequestParts, rng: Rng): [string, string | undefined, Buffer][] {
  const spec = p.route.body?.kind === 'multipart' ? p.route.body : undefined;
  const field = spec?.field ?? 'file';
  const file = validFile(spec?.file ?? 'binary', rng);
  const b = newBoundary(rng);
  const body = (parts: Part[], boundary = b) => multipartBody(parts, boundary);
  const good = body([{ field, ...file }]);
  const huge = 'n'.repeat(HUGE_STRING_BYTES);
  return [
    ['missing boundary', 'multipart/form-data', good],
    ['empty boundary', 'multipart/form-data; boundary=', good],
    ['boundary not in the body', multipartType(newBoundary(rng)), good],
    ['truncated body', multipartType(b), good.subarray(0, rng.int(1, good.length - 1))],
    ['no closing boundary', multipartType(b), good.subarray(0, good.length - b.length - 6)],
    ['empty body', multipartType(b), Buffer.alloc(0)],
    [
      'file with a huge name',
      multipartType(b),
      body([{ field, ...file, filename: `${huge}.csv` }]),
    ],
    ['file field with a huge name', multipartType(b), body([{ ...file, field: huge }])],
    [
      'two files',
      multipartType(b),
      body([
        { field, ...file },
        { field, ...validFile(spec?.file ?? 'binary', rng) },
      ]),
    ],
    ['no file, a text field', multipartType(b), body([{ field, content: 'not a file' }])],
    ['file under another field', multipartType(b), body([{ field: 'other', ...file }])],
    ['empty file', multipartType(b), body([{ field, ...file, content: '' }])],
    [
      'unicode file name',
      multipartType(b),
      body([{ field, ...file, filename: '\u202Egpj.\u0000../../x.csv' }]),
    ],
    [
      'huge file content',
      multipartType(b),
      body([{ field, ...file, content: Buffer.alloc(1_100_000, 0x41) }]),
    ],
    [
      'garbage file content',
      multipartType(b),
      body([{ field, ...file, content: Buffer.from([0, 255, 254, 0xd8, 0, 10, 13]) }]),
    ],
    ['JSON instead of a file', 'application/json', Buffer.from('{"file":"x"}')],
  ];
}

const badMultipart: Mutation = {
  name: 'badMultipart',
  applies: isFileRoute,
  apply(p, rng) {
    const [what, contentType, bytes] = rng.pick(brokenUploads(p, rng));
    return { parts: { ...p, body: { kind: 'raw', contentType, bytes } }, detail: what };
  },
};

/** A JSON or multipart body sent to a route that takes none. */
const unexpectedBody: Mutation = {
  name: 'unexpectedBody',
  applies: (p) => p.route.method !== 'GET' && p.body.kind === 'none',
  apply(p, rng) {
    const b = newBoundary(rng);
    return rng.chance(0.5)
      ? {
          parts: {
            ...p,
            body: { kind: 'raw', contentType: 'application/json', bytes: '{"a":[1,{"b":null}]}' },
          },
          detail: 'JSON body where none is expected',
        }
      : {
          parts: {
            ...p,
            body: {
              kind: 'raw',
              contentType: multipartType(b),
              bytes: multipartBody(
                [{ field: 'file', filename: 'x.csv', content: 'a,b\n1,2\n' }],
                b,
              ),
            },
          },
          detail: 'a file where none is expected',
        };
  },
};

/** Garbage credentials instead of the rank's session. */
const badToken: Mutation = {
  name: 'badToken',
  applies: (p) => p.headers.authorization !== undefined,
  apply(p, rng) {
    const auth = rng.pick([
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(10_000)}`,
      'Basic Zm9vOmJhcg==',
      'Bearer \u00e9\u00e9',
    ]);
    return {
      parts: { ...p, headers: { ...p.headers, authorization: auth } },
      detail: `authorization ${JSON.stringify(auth.slice(0, 30))}`,
    };
  },
};

export const UPLOAD_MUTATIONS: Mutation[] = [badMultipart, unexpectedBody, badToken];
