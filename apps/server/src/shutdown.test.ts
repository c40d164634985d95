import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopServer } from './shutdown';

const log = { info: () => {}, error: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  log.error.mockClear();
});

describe('stopServer', () => {
  it('exits 0 once the server has closed', async () => {
    const exit = vi.fn();
    await stopServer({ close: () => Promise.resolve(), log }, { timeoutMs: 10_000, exit });
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('exits 1 when closing fails', async () => {
    const exit = vi.fn();
    const close = () => Promise.reject(new Error('broken'));
    await stopServer({ close, log }, { timeoutMs: 10_000, exit });
    expect(exit).toHaveBeenCalledWith(1);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('exits 1 after the timeout when closing never finishes', async () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    void stopServer({ close: () => new Promise(() => {}), log }, { timeoutMs: 10_000, exit });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('ends a process whose close hangs on an open handle', async () => {
    const shutdown = fileURLToPath(new URL('./shutdown.ts', import.meta.url));
    // The interval stands for a socket that never closes: without the timeout, the child runs on.
    const script = [
      `const { stopServer } = await import(${JSON.stringify(shutdown)});`,
      'setInterval(() => {}, 1000);',
      'const log = { info() {}, error() {} };',
      'void stopServer({ close: () => new Promise(() => {}), log }, { timeoutMs: 300 });',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
