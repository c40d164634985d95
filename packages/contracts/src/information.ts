import { z } from 'zod';

/** A message shown to every user of the console (document 2 §3). */
export const informationMessage = z.object({ id: z.string(), color: z.string(), text: z.string() });
export type InformationMessage = z.infer<typeof informationMessage>;

export const messagesReply = z.object({ messages: z.array(informationMessage) });

/** A colour name ("info", "warning", "red") or a hex colour ("#ff9800"). */
export const messageBody = z.strictObject({
  color: z
    .string()
    .trim()
    .regex(/^([a-z]{1,20}|#[0-9a-f]{6})$/i),
  text: z.string().trim().min(1).max(500),
});
