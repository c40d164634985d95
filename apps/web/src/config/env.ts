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
  VITE_BOSSNX_URL: z.url().default('https://boss.atrium-cloud.example'),
  VITE_CHARTNX_URL: z.url().default('https://charts.atrium-cloud.example'),
});

const env = envSchema.parse(import.meta.env);

export const LINKS = {
  company: env.VITE_COMPANY_URL,
  docs: env.VITE_DOCS_URL,
  legal: env.VITE_LEGAL_URL,
  supportEmail: env.VITE_SUPPORT_EMAIL,
  bossnx: env.VITE_BOSSNX_URL,
  chartnx: env.VITE_CHARTNX_URL,
} as const;

export const PARTNER_DOMAIN = env.VITE_PARTNER_DOMAIN?.toLowerCase();
