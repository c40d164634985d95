import { AppError } from './errors';

/**
 * At most `running` tasks at once and `waiting` more in line; past that a task is refused at
 * once with 429 rateLimited and Retry-After: 1. Bounds what costly work (a .knxproj inflated in memory) the node
 * holds whatever the number of callers.
 */
export class WorkGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) {
        throw (
          new AppError('rateLimited', 'Too many of these at once; try again in a moment')
            // The line is short and each task a read or a parse: a second frees a place.
            .retryAfter(1)
        );
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      // The slot passes to the next in line, or is freed.
      if (next) next();
      else this.active--;
    }
  }

  /** Tasks running and waiting (tests, diagnostics). */
  get load() {
    return { running: this.active, waiting: this.queue.length };
  }
}
