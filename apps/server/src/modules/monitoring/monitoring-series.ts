import { VOLTAGE_MEASUREMENT } from '@atrium/contracts/graph';
import type { SeriesKey } from '../timeseries/timeseries.types';

/**
 * The time series of a group address recorded by a gateway for a project. The hub
 * writes telegrams under this key and the graph reads it, so both must use it.
 */
export const knxSeriesKey = (projectId: string, mac: string, address: string): SeriesKey => ({
  projectId,
  gatewayMac: mac,
  address,
  kind: 'knx',
});

/** The supply-voltage series of a gateway in a project: a default series of every gateway. */
export const voltageSeriesKey = (projectId: string, mac: string): SeriesKey => ({
  projectId,
  gatewayMac: mac,
  address: VOLTAGE_MEASUREMENT,
  kind: 'voltage',
});

/** A Modbus value's series: the hub stores readings under the value's id (issue 15). */
export const modbusSeriesKey = (projectId: string, mac: string, valueId: string): SeriesKey => ({
  projectId,
  gatewayMac: mac,
  address: valueId,
  kind: 'modbus',
});
