import { z } from 'zod';

/** OpenAPI shape of every error reply (see ErrorReply in contracts). */
export const errorReply = z.object({
  statusCode: z.number(),
  code: z.union([z.string(), z.number()]),
  message: z.string(),
  _id: z.string().optional(),
});

/** Error reply of a gateway command: `reason` is the gateway's own error code (gatewayRefused). */
export const commandErrorReply = errorReply.extend({ reason: z.string().optional() });
