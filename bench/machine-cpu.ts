import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TICK = 100; // clock ticks per second in /proc/stat

/**
 * The whole machine's CPU time so far, in seconds summed over its cores (busy: all but idle
 * and I/O wait), from /proc/stat; `cores` turns a difference into a share of the machine.
 * The benchmarks print it beside the server's and the load generators' own CPU: on one
 * machine the load generators' share is taken from the server.
 */
export function machineCpu() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1, 9) // user nice system idle iowait irq softirq steal (guest is inside user)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: (total - idle) / TICK, cores: cpus().length };
}
