import type { AlertKind } from '@atrium/contracts/alerts';
import { valueIdOf } from '@atrium/contracts/modbus-measurement';
import type { AlertRow } from './alerts.repository';

/** What a notification says, in the project owner's language (French by default). */
export interface AlertText {
  subject: string;
  text: string;
  html: string;
  /** The push: a title and a short body. */
  title: string;
  message: string;
  link: string;
  linkTitle: string;
}

export interface AlertContext {
  projectName: string;
  gatewayName: string | null;
  addressName: string | null;
  language: 'fr' | 'en';
  /** The console's graph of the alert (its address, or voltage, on the day it was raised). */
  link: string;
}

const WORDS = {
  fr: {
    raised: {
      threshold: 'Seuil franchi',
      voltage: 'Tension hors plage',
      status: 'Passerelle hors ligne',
      stale: 'Adresse silencieuse',
      busload: 'Charge du bus élevée',
    },
    cleared: {
      threshold: 'Retour à la normale',
      voltage: 'Tension revenue dans la plage',
      status: 'Passerelle de nouveau en ligne',
      stale: 'Adresse de nouveau entendue',
      busload: 'Charge du bus revenue à la normale',
    },
    project: 'Projet',
    gateway: 'Passerelle',
    address: 'Adresse',
    value: 'Valeur',
    condition: 'Condition',
    at: 'Le',
    silentFor: 'aucun télégramme depuis plus de',
    open: 'Voir le graphique dans Atrium',
    footer: 'Vous recevez ce message car les notifications sont activées sur ce projet.',
  },
  en: {
    raised: {
      threshold: 'Threshold crossed',
      voltage: 'Voltage out of range',
      status: 'Gateway offline',
      stale: 'Silent address',
      busload: 'High bus load',
    },
    cleared: {
      threshold: 'Back to normal',
      voltage: 'Voltage back in range',
      status: 'Gateway back online',
      stale: 'Address heard again',
      busload: 'Bus load back to normal',
    },
    project: 'Project',
    gateway: 'Gateway',
    address: 'Address',
    value: 'Value',
    condition: 'Condition',
    at: 'On',
    silentFor: 'no telegram for more than',
    open: 'See the graph in Atrium',
    footer: 'You receive this message because notifications are on for this project.',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const locale = (language: 'fr' | 'en') => (language === 'fr' ? 'fr-FR' : 'en-GB');

/** A number in the language's format, with its unit (`26,5 °C`). */
export function formatValue(
  value: number | null,
  unit: string | null,
  language: 'fr' | 'en',
): string {
  if (value === null) return '—';
  const n = new Intl.NumberFormat(locale(language), { maximumFractionDigits: 3 }).format(value);
  return unit ? `${n} ${unit}` : n;
}

/** A time in Paris, in the language's format. */
export function formatParis(t: number, language: 'fr' | 'en'): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Paris',
  }).format(t);
}

/** The notification of an alert's transition. */
export function renderAlert(
  alert: AlertRow,
  transition: 'raised' | 'cleared',
  ctx: AlertContext,
): AlertText {
  const w = WORDS[ctx.language];
  const kind = alert.kind as AlertKind;
  const headline = w[transition][kind];
  const gateway = ctx.gatewayName ? `${ctx.gatewayName} (${alert.mac})` : alert.mac;
  // A Modbus value is shown by its name ("meter – value"), its `modbus:{id}` says nothing.
  const address = alert.address
    ? ctx.addressName
      ? valueIdOf(alert.address) !== null
        ? ctx.addressName
        : `${alert.address} ${ctx.addressName}`
      : alert.address
    : null;
  const value = transition === 'raised' ? alert.value : alert.clear_value;
  const at = transition === 'raised' ? alert.raised_at : (alert.cleared_at ?? alert.raised_at);
  const condition =
    kind === 'stale'
      ? `${w.silentFor} ${formatValue(alert.limit_value, 'min', ctx.language)}`
      : alert.condition && alert.limit_value !== null
        ? `${alert.condition.split(' ')[0]} ${formatValue(alert.limit_value, alert.unit, ctx.language)}`
        : alert.condition;
  const rows: [string, string][] = [
    [w.project, ctx.projectName],
    [w.gateway, gateway],
    ...(address ? [[w.address, address] as [string, string]] : []),
    ...(kind !== 'stale' && kind !== 'status'
      ? [[w.value, formatValue(value, alert.unit, ctx.language)] as [string, string]]
      : []),
    ...(condition ? [[w.condition, condition] as [string, string]] : []),
    [w.at, formatParis(at, ctx.language)],
  ];
  const what = alert.rule ?? address ?? gateway;
  const subject = `[Atrium] ${ctx.projectName} — ${headline}: ${what}`;
  const text = [
    headline,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `${w.open}: ${ctx.link}`,
    '',
    w.footer,
  ].join('\n');
  const html =
    `<div style="font-family:sans-serif"><h2 style="margin:0 0 12px">${escapeHtml(headline)}</h2>` +
    `<table cellpadding="4">${rows
      .map(([k, v]) => `<tr><td><b>${escapeHtml(k)}</b></td><td>${escapeHtml(v)}</td></tr>`)
      .join('')}</table>` +
    `<p><a href="${escapeHtml(ctx.link)}">${escapeHtml(w.open)}</a></p>` +
    `<p style="color:#666;font-size:12px">${escapeHtml(w.footer)}</p></div>`;
  const message = rows
    .slice(1)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return {
    subject,
    text,
    html,
    title: `${ctx.projectName} — ${headline}`,
    message: `${what}\n${message}`,
    link: ctx.link,
    linkTitle: w.open,
  };
}
