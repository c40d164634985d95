import { z } from 'zod';
import { projectItem } from './project';

/**
 * Licence kinds and their effect on the project they are used on:
 * bossnx enables the boss dashboard, chartnx adds `value` chart dashboards
 * (default 1), vpn adds `value` hours of remote access, emergynx and klocknx
 * add the addon to the project's gateways.
 */
export const LICENCE_TYPES = ['bossnx', 'chartnx', 'vpn', 'emergynx', 'klocknx'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

/** Licence keys: 4 to 64 letters, digits, `-` or `_`. */
export const LICENCE_KEY = /^[A-Za-z0-9_-]{4,64}$/;

/** The key as typed in a path: anything else simply matches no licence. */
export const licenceKeyParam = z.object({ key: z.string().trim().min(1).max(128) });

export const licenceReply = z.object({
  key: z.string(),
  type: z.enum(LICENCE_TYPES),
  value: z.number().nullable(),
});
export type Licence = z.infer<typeof licenceReply>;

export const useLicenceBody = z.strictObject({ projectId: z.string().min(1).max(64) });
export const useLicenceReply = z.object({ licence: licenceReply, project: projectItem });
export const importLicencesReply = z.object({ imported: z.number() });
