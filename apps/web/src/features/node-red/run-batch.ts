/**
 * Runs `task` on every item, at most `limit` at a time, and gives each item's outcome in the
 * items' order; one failure never stops the others.
 */
export async function runBatch<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
  onSettled?: (item: T, outcome: PromiseSettledResult<R>) => void,
): Promise<PromiseSettledResult<R>[]> {
  const outcomes: PromiseSettledResult<R>[] = new Array<PromiseSettledResult<R>>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i] as T;
      let outcome: PromiseSettledResult<R>;
      try {
        outcome = { status: 'fulfilled', value: await task(item) };
      } catch (reason) {
        outcome = { status: 'rejected', reason };
      }
      outcomes[i] = outcome;
      onSettled?.(item, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return outcomes;
}
