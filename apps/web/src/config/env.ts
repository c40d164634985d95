import { z } from 'zod';

// Build-time settings (Vite's VITE_* variables), checked once; defaults suit the demo.
const envSchema = z.object({
  VITE_COMPANY_URL: z.url().default('https://www.atrium-cloud.example'),
  VITE_DOCS_URL: z.url().default('https://docs.atrium-cloud.example'),
  VITE_LEGAL_URL: z.url().default('https://www.atrium-cloud.example/legal'),
  VITE_SUPPORT_EMAIL: z.email().default('support@atrium-cloud.example'),
  /** E-mail domain of the partner whose users get the dashboards and flow-editor entries (spec §6). */
  VITE_PARTNER_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i)
    .optional(),
  /** More partner e-mail domains, comma-separated (spec §6): "partner.example,other.example". */
  VITE_PARTNER_DOMAINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/))),
  /**
   * The dashboards' addresses: boss, chart, link (klocknx) and emergency (emergynx), the
   * last three opened with a `?token`. No default: until a dashboard is deployed, its
   * buttons say it is not available yet rather than open an address that does not resolve.
   */
  VITE_BOSSNX_URL: z.url().optional(),
  VITE_CHARTNX_URL: z.url().optional(),
  VITE_KLOCKNX_URL: z.url().optional(),
  VITE_EMERGYNX_URL: z.url().optional(),
});

const env = envSchema.parse(import.meta.env);

export const LINKS = {
  company: env.VITE_COMPANY_URL,
  docs: env.VITE_DOCS_URL,
  legal: env.VITE_LEGAL_URL,
  supportEmail: env.VITE_SUPPORT_EMAIL,
  bossnx: env.VITE_BOSSNX_URL,
  chartnx: env.VITE_CHARTNX_URL,
  klocknx: env.VITE_KLOCKNX_URL,
  emergynx: env.VITE_EMERGYNX_URL,
} as const;

export const PARTNER_DOMAIN = env.VITE_PARTNER_DOMAIN?.toLowerCase();

/** Every partner e-mail domain: VITE_PARTNER_DOMAIN and the VITE_PARTNER_DOMAINS list. */
export const PARTNER_DOMAINS: readonly string[] = [
  ...new Set([...(PARTNER_DOMAIN ? [PARTNER_DOMAIN] : []), ...env.VITE_PARTNER_DOMAINS]),
];
