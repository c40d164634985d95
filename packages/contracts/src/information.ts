import { z } from 'zod';

/**
 * A message shown to every user of the console (document 1 §7, Information: id, color, text).
 * `text` is the French text (the console's default language); `textEn` the English one, or
 * null when the administrator gave none (the console then shows `text`). `expiresAt`
 * (epoch ms) hides the message once past; null keeps it until removed. Decision 0027.
 */
export const informationMessage = z.object({
  id: z.string(),
  color: z.string(),
  text: z.string(),
  textEn: z.string().nullable(),
  expiresAt: z.number().int().nullable(),
});
export type InformationMessage = z.infer<typeof informationMessage>;

/** GET /api/information/message: the messages not yet expired, oldest first. */
export const messagesReply = z.object({ messages: z.array(informationMessage) });

/** A colour name ("info", "warning", "red") or a hex colour ("#ff9800"). */
export const messageColor = z
  .string()
  .trim()
  .regex(/^([a-z]{1,20}|#[0-9a-f]{6})$/i);

/** POST /api/information/message (admin). */
export const messageBody = z.strictObject({
  color: messageColor,
  /** French text. */
  text: z.string().trim().min(1).max(500),
  /** English text; omitted or empty: the French text is shown in English too. */
  textEn: z.string().trim().max(500).optional(),
  /** Epoch ms after which the message is no longer shown; omitted or null: no expiry. */
  expiresAt: z.number().int().positive().nullable().optional(),
});
export type MessageBody = z.infer<typeof messageBody>;
