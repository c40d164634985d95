// Shared by the time-series module and the modules that write or query through it.

export type TimeSeriesErrorCode =
  'invalidRange' | 'tooManyPoints' | 'invalidPoint' | 'overloaded' | 'writerClosed';

/** A refused time-series operation; `code` is stable (the graph route maps it to a 400). */
export class TimeSeriesError extends Error {
  constructor(
    readonly code: TimeSeriesErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TimeSeriesError';
  }
}
