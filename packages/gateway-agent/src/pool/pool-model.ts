/**
 * A simulated pool (the fake vendor clouds' pools, decision 0031): the air follows a day curve,
 * the water follows the air slowly (faster with the heating on and the filtration running), pH
 * and redox wander and are pulled back by their correctors while the water circulates, the
 * filtration follows its time slots unless driven by hand, the filter pressure follows the pump.
 */
export interface PoolState {
  waterTemp: number;
  airTemp: number;
  techRoomTemp: number;
  pH: number;
  redox: number;
  chlorine: number;
  /** Filter pressure, mbar. */
  pressure: number;
  /** Water level, %. */
  waterLevel: number;
  filtration: boolean;
  /** 0 manual (driven by hand), 1 time slots (the schedule). */
  filtrationMode: 0 | 1;
  lighting: boolean;
  heating: boolean;
  phCorrector: boolean;
  disinfectant: boolean;
  aux1: boolean;
  aux2: boolean;
  /** Water setpoint, °C. */
  setpoint: number;
  /** 1 to 3. */
  pumpSpeed: number;
  valvePosition: number;
  /** Supply voltage, V. */
  voltage: number;
  alarm: boolean;
}

/** Filtration time slots (hours, Europe/Paris): 08:00-12:00 and 14:00-20:00. */
export const FILTRATION_SLOTS: readonly [number, number][] = [
  [8, 12],
  [14, 20],
];

const parisHour = (at: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return get('hour') + get('minute') / 60;
};

/** Whether the schedule runs the filtration at `at`. */
export const inFiltrationSlot = (at: number) => {
  const h = parisHour(at);
  return FILTRATION_SLOTS.some(([from, to]) => h >= from && h < to);
};

/** The air temperature of the day curve: 14 °C at dawn, 26 °C mid-afternoon. */
export const airCurve = (at: number) => 20 + 6 * Math.sin((2 * Math.PI * (parisHour(at) - 9)) / 24);

const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Values as a vendor reports them: temperatures and pH to 2 decimals, redox and level to 1. */
export function reported(s: PoolState): PoolState {
  return {
    ...s,
    waterTemp: round(s.waterTemp, 2),
    pH: round(s.pH, 2),
    redox: round(s.redox, 1),
    chlorine: round(s.chlorine, 2),
    waterLevel: round(s.waterLevel, 1),
  };
}

export class SimulatedPool {
  readonly state: PoolState;
  private at: number;

  constructor(
    start: number,
    private readonly random: () => number = Math.random,
    seed: Partial<PoolState> = {},
  ) {
    this.at = start;
    const air = airCurve(start);
    this.state = {
      waterTemp: 24.5,
      airTemp: round(air, 2),
      techRoomTemp: round(air + 2, 2),
      pH: 7.25,
      redox: 720,
      chlorine: 1.2,
      pressure: 0,
      waterLevel: 96,
      filtration: inFiltrationSlot(start),
      filtrationMode: 1,
      lighting: false,
      heating: false,
      phCorrector: false,
      disinfectant: false,
      aux1: false,
      aux2: false,
      setpoint: 28,
      pumpSpeed: 2,
      valvePosition: 1,
      voltage: 230,
      alarm: false,
      ...seed,
    };
    this.settlePressure();
  }

  /** Moves the pool to `now` (in steps of at most a minute). */
  advance(now: number) {
    while (this.at < now) {
      const dt = Math.min(60_000, now - this.at);
      this.at += dt;
      this.step(dt / 3_600_000);
    }
  }

  private noise(amplitude: number) {
    return (this.random() - 0.5) * 2 * amplitude;
  }

  private step(hours: number) {
    const s = this.state;
    if (s.filtrationMode === 1) s.filtration = inFiltrationSlot(this.at);
    const air = airCurve(this.at);
    s.airTemp = round(air + this.noise(0.1), 2);
    s.techRoomTemp = round(air + 2 + this.noise(0.1), 2);
    // The water leans towards the day's mean air plus the sun, by ~2 % an hour; heating adds
    // 0.4 °C an hour while the water circulates.
    const heat = s.heating && s.filtration ? 0.4 : 0;
    s.waterTemp += (air + 4 - s.waterTemp) * 0.02 * hours + heat * hours;
    // pH drifts up, redox down; the correctors act only while the water circulates.
    s.phCorrector = s.filtration && s.pH > 7.35;
    s.disinfectant = s.filtration && s.redox < 680;
    s.pH = clamp(
      s.pH + (0.02 + this.noise(0.03)) * hours - (s.phCorrector ? 0.15 * hours : 0),
      6.6,
      8.2,
    );
    s.redox = clamp(
      s.redox + (-6 + this.noise(8)) * hours + (s.disinfectant ? 40 * hours : 0),
      450,
      850,
    );
    s.chlorine = clamp(s.chlorine + (s.redox - 700) * 0.0005 * hours, 0, 5);
    s.waterLevel = clamp(s.waterLevel - 0.05 * hours + this.noise(0.01), 60, 100);
    s.voltage = round(230 + this.noise(2), 1);
    this.settlePressure();
  }

  private settlePressure() {
    const s = this.state;
    s.pressure = s.filtration ? Math.round(900 + s.pumpSpeed * 150 + this.noise(20)) : 0;
  }

  /** Filtration by hand (manual mode) or back to its time slots. */
  setFiltration(on: boolean) {
    this.state.filtrationMode = 0;
    this.state.filtration = on;
    this.settlePressure();
  }

  filtrationAuto() {
    this.state.filtrationMode = 1;
    this.state.filtration = inFiltrationSlot(this.at);
    this.settlePressure();
  }

  setPumpSpeed(speed: number) {
    this.state.pumpSpeed = clamp(Math.round(speed), 1, 3);
    this.settlePressure();
  }
}
