import { z } from 'zod';

/** OpenAPI shape of every error reply (see ErrorReply in contracts). */
export const errorReply = z.object({
  statusCode: z.number(),
  code: z.union([z.string(), z.number()]),
  message: z.string(),
  _id: z.string().optional(),
});
