import { z } from 'zod';
import { csvReport } from '@atrium/contracts/csv';
import { errorReply } from './schemas';

// Error replies with the extra fields the console reads: the plain errorReply would strip them.

/** 404 naming the MACs that were unknown or not the caller's. */
export const macsErrorReply = errorReply.extend({ macs: z.array(z.string()).optional() });
/** 404 userNotFound naming the e-mails that matched nothing. */
export const emailsErrorReply = errorReply.extend({ emails: z.array(z.string()).optional() });
/** 400 invalidCsv with the rejected and the accepted rows. */
export const csvErrorReply = errorReply.extend({
  invalid: csvReport.shape.invalid.optional(),
  valid: csvReport.shape.valid.optional(),
});
