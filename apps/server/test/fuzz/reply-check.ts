import { z } from 'zod';
import { errorCodeOfReply } from '@atrium/contracts/errors';

/** What came back: a reply, or nothing (the connection failed or timed out). */
export interface WireReply {
  status: number;
  contentType: string;
  body: string;
}

const errorShape = z.object({
  statusCode: z.number(),
  code: z.union([z.string(), z.number()]),
  message: z.string(),
});

/**
 * Why a reply is a server failure, or undefined when it is fine: any 5xx, and any
 * 4xx that is not JSON `{statusCode, code, message}` with the reply's status and
 * a code of the catalogue for that status (the console maps every failure by its code).
 */
export function replyProblem(reply: WireReply): string | undefined {
  if (reply.status >= 500) return `${reply.status} server error`;
  if (reply.status < 400) return undefined;
  if (!reply.contentType.includes('application/json')) {
    return `${reply.status} is not JSON (content-type ${JSON.stringify(reply.contentType)})`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.body);
  } catch {
    return `${reply.status} body is not valid JSON`;
  }
  const shape = errorShape.safeParse(parsed);
  if (!shape.success) return `${reply.status} body is not {statusCode, code, message}`;
  if (shape.data.statusCode !== reply.status) {
    return `${reply.status} body says statusCode ${shape.data.statusCode}`;
  }
  if (!errorCodeOfReply(reply.status, shape.data.code)) {
    return `${reply.status} code ${JSON.stringify(shape.data.code)} is not in the catalogue for ${reply.status}`;
  }
  return undefined;
}

/** The error code of a reply, when it has one (for grouping failures). */
export function replyCode(reply: WireReply): string | number | undefined {
  try {
    const parsed = errorShape.partial().safeParse(JSON.parse(reply.body));
    return parsed.success ? parsed.data.code : undefined;
  } catch {
    return undefined;
  }
}
