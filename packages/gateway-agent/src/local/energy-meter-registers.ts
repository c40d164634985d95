/**
 * The simulated energy meter's values and their registers (documented in
 * docs/gateway-protocol.md, "Simulated energy meter"). Registers are encoded here with Node's
 * Buffer methods, not with `@atrium/modbus/codec`, so the meter checks the codec independently.
 */

/** Power factor of the simulated load: current = power / (voltage × PF). */
const POWER_FACTOR = 0.95;
/** Registers the meter answers for (holding and input registers alike): 0 … 16. */
export const METER_REGISTER_COUNT = 17;
/** Characters of the serial number (8 registers, 2 characters each, NUL-padded). */
const SERIAL_CHARS = 16;

/** The physical quantities behind the registers, as the meter last measured them. */
export interface MeterReading {
  /** V, about 230. */
  voltage: number;
  /** A. */
  current: number;
  /** W, never negative (the meter only imports). */
  power: number;
  /** Wh counted since the meter was made; only grows, with the power. */
  energyWh: number;
  /** Hz, about 50. */
  frequency: number;
  serial: string;
}

/** A quantity drifting around `centre` within `spread`, one small random step at a time. */
const drift = (previous: number, centre: number, spread: number, random: () => number) =>
  Math.min(centre + spread, Math.max(centre - spread, previous + (random() - 0.5) * spread * 0.2));

/** The reading `elapsedMs` after `previous`: the energy grows by the power over that time. */
export function nextReading(
  previous: MeterReading,
  elapsedMs: number,
  random: () => number,
): MeterReading {
  const voltage = drift(previous.voltage, 230, 3, random);
  const power = drift(previous.power, 1800, 1500, random);
  return {
    voltage,
    current: power / (voltage * POWER_FACTOR),
    power,
    // The energy of the interval is counted at the power held during it.
    energyWh: previous.energyWh + (previous.power * Math.max(0, elapsedMs)) / 3_600_000,
    frequency: drift(previous.frequency, 50, 0.05, random),
    serial: previous.serial,
  };
}

/** A meter as it leaves the factory (well, a few years later). */
export function firstReading(serial: string): MeterReading {
  return {
    voltage: 230,
    current: 1800 / (230 * POWER_FACTOR),
    power: 1800,
    energyWh: 1_234_567,
    frequency: 50,
    serial,
  };
}

/** The 17 registers (0 … 16) of a reading, each byte order as the register map says. */
export function meterRegisters(r: MeterReading): number[] {
  const words = (b: Buffer) =>
    Array.from({ length: b.length / 2 }, (_, i) => b.readUInt16BE(i * 2));
  // 0-1 voltage FLOAT32 ABCD: big-endian, as on the wire.
  const voltage = Buffer.alloc(4);
  voltage.writeFloatBE(r.voltage);
  // 2-3 current FLOAT32 CDAB: the low word first.
  const current = Buffer.alloc(4);
  current.writeFloatBE(r.current);
  const currentCDAB = Buffer.concat([current.subarray(2), current.subarray(0, 2)]);
  // 4-5 active power INT32 BADC: the bytes of each word swapped.
  const power = Buffer.alloc(4);
  power.writeInt32BE(Math.round(r.power));
  power.swap16();
  // 6-7 energy UINT32 DCBA: little-endian throughout.
  const energy = Buffer.alloc(4);
  energy.writeUInt32LE(Math.floor(r.energyWh) >>> 0);
  // 8 frequency UINT16 in 0.01 Hz.
  const frequency = Buffer.alloc(2);
  frequency.writeUInt16BE(Math.round(r.frequency * 100));
  // 9-16 serial number STRING, 2 characters a register, high byte first, NUL-padded.
  const serial = Buffer.alloc(SERIAL_CHARS);
  serial.write(r.serial.slice(0, SERIAL_CHARS), 'latin1');
  return words(Buffer.concat([voltage, currentCDAB, power, energy, frequency, serial]));
}
