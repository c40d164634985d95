/** Business constants from spec document 1 §9 and document 2 §9. */
export const LIMITS = {
  passwordMin: 8,
  otpDigits: 6,
  otpTtlMs: 10 * 60 * 1000,
  emailMax: 254,
  passwordMax: 128,
  nameMax: 100,
  gatewayNameMax: 30,
  gatewayNameLinkedMax: 20,
  macLength: 12,
  macDisplayLength: 17,
  serialLength: 8,
  projectNameMax: 100,
  uploadMaxBytes: 1_000_000,
  /** Largest `.knxproj` ETS project upload (beyond the spec: projects are several MB; issue 18). */
  knxprojMaxBytes: 50_000_000,
  bodyMaxBytes: 1_048_576,
  projectRefreshMs: 60_000,
  gatewayRefreshMs: 5_000,
  mobileBreakpointPx: 600,
  stepperHorizontalPx: 550,
} as const;

/** Ranks, from the most to the least powerful. */
export const RANKS = ['admin', 'supervisor', 'manager', 'user', 'viewer'] as const;
export type Rank = (typeof RANKS)[number];

export const LANGUAGES = ['fr', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const GATEWAY_TYPES = ['poolnx', 'kloudnx', 'klocknx', 'emergynx', 'grafnx'] as const;
export type GatewayType = (typeof GATEWAY_TYPES)[number];
