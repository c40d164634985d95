import { z } from 'zod';
import type { Socket } from 'socket.io-client';
import { ERROR_CATALOGUE, type ErrorCode } from '@atrium/contracts/errors';
import { modbusLiveRoom, SOCKET_EVENTS } from '@atrium/contracts/hub';
import {
  modbusReadResult,
  type ModbusReadArgs,
  type ModbusReadError,
} from '@atrium/contracts/modbus';

/** Document 3 §9: the read request leaves 500 ms after joining the room. */
export const LIVE_START_DELAY_MS = 500;
/** Longer than the server's wait for the gateway (HUB_COMMAND_TIMEOUT_MS, 10 s). */
export const LIVE_ANSWER_TIMEOUT_MS = 20_000;

/** What the live test needs of a socket.io connection (a fake one in the tests). */
export interface LiveSocket {
  /** Resolves once connected; rejects when the connection is refused. */
  open(): Promise<void>;
  /** Emits with an acknowledgement; rejects when none comes in time. */
  request(event: string, payload: unknown, timeoutMs: number): Promise<unknown>;
  close(): void;
}

export type LiveOutcome =
  | { kind: 'value'; value: number | string | boolean; registers: number[]; t: number }
  | { kind: 'error'; messageKey: string; t?: number };

const joinAnswer = z.object({ ok: z.boolean(), code: z.string().optional() });
const liveAnswer = z.union([
  z.object({ ok: z.literal(true), mac: z.string(), result: modbusReadResult }),
  z.object({ ok: z.literal(false), mac: z.string().nullable(), code: z.string() }),
]);

/** Why a read failed, as the console says it (contracts' MODBUS_READ_ERRORS). */
export const READ_ERROR_MESSAGES: Record<ModbusReadError, { messageKey: string }> = {
  timeout: { messageKey: 'modbus.live.errors.timeout' },
  unreachable: { messageKey: 'modbus.live.errors.unreachable' },
  illegalFunction: { messageKey: 'modbus.live.errors.illegalFunction' },
  illegalDataAddress: { messageKey: 'modbus.live.errors.illegalDataAddress' },
  illegalDataValue: { messageKey: 'modbus.live.errors.illegalDataValue' },
  deviceFailure: { messageKey: 'modbus.live.errors.deviceFailure' },
  gatewayPathUnavailable: { messageKey: 'modbus.live.errors.gatewayPathUnavailable' },
  deviceNotResponding: { messageKey: 'modbus.live.errors.deviceNotResponding' },
  decode: { messageKey: 'modbus.live.errors.decode' },
};

const isCatalogued = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CATALOGUE, code);
/** An error code of the catalogue (gatewayOffline, forbidden…) → its message key. */
const codeMessage = (code: string | undefined) =>
  code && isCatalogued(code) ? ERROR_CATALOGUE[code].key : 'error';
const SOCKET_ERROR: LiveOutcome = { kind: 'error', messageKey: 'modbus.live.errors.socket' };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The live test (document 3 §4): connect, `join` the gateway's live room (its name as the
 * payload), 500 ms later emit `modbus:live` with `{ mac, read }`, read the acknowledgement,
 * disconnect. Never throws: a failure is an outcome with its message key.
 */
export async function runLiveRead(
  socket: LiveSocket,
  mac: string,
  read: ModbusReadArgs,
  signal: AbortSignal,
): Promise<LiveOutcome> {
  // Leaving the screen closes the connection at once, whatever it waits for.
  signal.addEventListener('abort', () => socket.close(), { once: true });
  try {
    await socket.open();
    const joined = joinAnswer.safeParse(
      await socket.request('join', modbusLiveRoom(mac), LIVE_ANSWER_TIMEOUT_MS),
    );
    if (!joined.success) return SOCKET_ERROR;
    if (!joined.data.ok) return { kind: 'error', messageKey: codeMessage(joined.data.code) };
    await wait(LIVE_START_DELAY_MS, signal);
    if (signal.aborted) return SOCKET_ERROR;
    const reply = liveAnswer.safeParse(
      await socket.request(SOCKET_EVENTS.modbusLive, { mac, read }, LIVE_ANSWER_TIMEOUT_MS),
    );
    if (!reply.success) return SOCKET_ERROR;
    if (!reply.data.ok) return { kind: 'error', messageKey: codeMessage(reply.data.code) };
    const { result } = reply.data;
    if ('error' in result) {
      return {
        kind: 'error',
        messageKey: READ_ERROR_MESSAGES[result.error].messageKey,
        t: result.t,
      };
    }
    return { kind: 'value', ...result };
  } catch {
    return SOCKET_ERROR;
  } finally {
    socket.close();
  }
}

/** A socket.io connection as a LiveSocket. */
export function liveSocketOf(socket: Socket): LiveSocket {
  return {
    open: () =>
      new Promise((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
        socket.connect();
      }),
    request: (event, payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(event, payload),
    close: () => socket.disconnect(),
  };
}
