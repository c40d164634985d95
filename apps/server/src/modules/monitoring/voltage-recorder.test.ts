import { describe, expect, it } from 'vitest';
import { TimeSeriesError } from '../../lib/timeseries-error';
import type { Point } from '../timeseries/timeseries.types';
import { VoltageRecorder } from './voltage-recorder';

type Committed = (err?: unknown) => void;

/**
 * A recorder over in-memory deps: the writer keeps what it takes (committed when the test
 * says) and refuses a value that is not a number, as the real one.
 */
function recorder(paused = false) {
  const submitted: { points: readonly Point[]; committed: Committed }[] = [];
  const warnings: object[] = [];
  const reads = { project: 0, series: 0 };
  const r = new VoltageRecorder({
    store: { ensureSeries: () => (reads.series++, Promise.resolve(7)) },
    writer: {
      submit: (points, committed) => {
        if (points.some((p) => !Number.isFinite(p.v)))
          return new TimeSeriesError('invalidPoint', 'not a number');
        submitted.push({ points, committed });
        return undefined;
      },
    },
    projects: {
      findById: (id: string) => {
        reads.project++;
        return Promise.resolve({ id, logger_pause: paused ? 1 : 0 } as never);
      },
    },
    log: { warn: (obj) => warnings.push(obj) },
  });
  return { r, submitted, warnings, reads };
}

describe('VoltageRecorder', () => {
  it('hands a voltage to the writer at once when its pause flag and series are known', async () => {
    const { r, submitted, reads } = recorder();
    r.record('p1', 'aa', 1_000, 29);
    expect(submitted).toHaveLength(0); // the first reads the flag and creates the series
    await r.settle();
    expect(submitted.map((s) => s.points)).toEqual([[{ seriesId: 7, t: 1_000, v: 29 }]]);
    r.record('p1', 'aa', 2_000, 30);
    r.record('p1', 'aa', 3_000, 31);
    // Synchronously, and with one commit callback shared by the voltages nobody waits for.
    expect(submitted).toHaveLength(3);
    expect(submitted[1]?.committed).toBe(submitted[2]?.committed);
    expect(reads).toEqual({ project: 1, series: 1 });
  });

  it('logs a failed commit, and a refusal with the gateway', async () => {
    const { r, submitted, warnings } = recorder();
    r.record('p1', 'aa', 1_000, 29);
    await r.settle();
    submitted[0]?.committed(new Error('disk full'));
    r.record('p1', 'aa', 2_000, Number.NaN);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatchObject({ mac: 'aa' });
  });

  it('tells a waiting caller the outcome: committed, paused', async () => {
    const { r, submitted } = recorder();
    const recorded = r.recordVoltage('p1', 'aa', 1_000, 29);
    await r.settle();
    submitted[0]?.committed();
    await expect(recorded).resolves.toBe(true);
    const other = recorder(true);
    await expect(other.r.recordVoltage('p1', 'aa', 1_000, 29)).resolves.toBe(false);
    expect(other.submitted).toHaveLength(0);
  });
});
