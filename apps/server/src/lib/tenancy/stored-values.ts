import { z } from 'zod';
import { storedThreshold, type Threshold } from '@atrium/contracts/alerts';
import { GATEWAY_ADDONS, type GatewayAddon } from '@atrium/contracts/gateway';
import { GATEWAY_TYPES, type GatewayType } from '@atrium/contracts/limits';
import {
  DEFAULT_LOGGER,
  DEFAULT_NOTIFICATION,
  RETENTIONS,
  notificationSchema,
  type Logger,
  type Notification,
} from '@atrium/contracts/project';
import type { ProjectTable } from '../../db/schema';

// How stored columns read back, for every module that shows projects or gateways.

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (v: string | null | undefined): v is T =>
    list.some((x) => x === v);

export const isGatewayType = oneOf<GatewayType>(GATEWAY_TYPES);
const isAddon = oneOf<GatewayAddon>(GATEWAY_ADDONS);
const isRetention = oneOf(RETENTIONS);

/** Addons are stored comma-separated. */
export const parseAddons = (text: string | null | undefined): GatewayAddon[] =>
  (text ?? '').split(',').filter(isAddon);

export const formatAddons = (addons: readonly GatewayAddon[]): string =>
  GATEWAY_ADDONS.filter((a) => addons.includes(a)).join(',');

/** Stored notification settings, or the defaults when absent or unreadable. */
export function parseNotification(text: string | null): Notification {
  if (!text) return DEFAULT_NOTIFICATION;
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION;
  } catch {
    return DEFAULT_NOTIFICATION;
  }
}

const storedThresholds = z.array(storedThreshold);

/** Stored thresholds; none when absent or unreadable. */
export function parseThresholds(text: string | null | undefined): Threshold[] {
  if (!text) return [];
  try {
    const parsed = storedThresholds.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The logger settings of a stored project (document 2 §3). */
export function toLogger(p: ProjectTable): Logger {
  return {
    subscription: p.logger_subscription,
    retention: isRetention(p.logger_retention) ? p.logger_retention : DEFAULT_LOGGER.retention,
    endlogdate: Number(p.logger_endlogdate),
    pause: p.logger_pause === 1,
    status: p.logger_status === 'inactive' ? 'inactive' : 'active',
    vpn: p.logger_vpn,
    vpn_licence: p.logger_vpn_licence,
    address: p.logger_address,
    maxThresholds: p.logger_max_thresholds,
    thresholds: parseThresholds(p.logger_thresholds),
    voltage: {
      activate: p.voltage_activate === 1,
      minimum: p.voltage_minimum,
      maximum: p.voltage_maximum,
    },
  };
}
