import type { Compilable, CompiledQuery } from 'kysely';

/** A placeholder no real value has: a control character, the name, another. */
const mark = (name: string) => `\u0001atrium:${name}\u0001`;

type Slot<N> = { name: N } | { value: unknown };

/**
 * A query built and compiled to SQL once, then run with new values (decision 0062). Kysely
 * builds and compiles a query at every call: tens of microseconds of the main thread, paid
 * by every request on its hottest paths (the session's user, the projects list's state).
 * This keeps the SQL of the first compilation and swaps the values.
 *
 * `build` gets one placeholder per name and must pass each as a plain bound value (a
 * comparison's right side, an inserted value), never into SQL text: the first compilation
 * checks that each placeholder came out as a parameter and nowhere else, and throws if not.
 * Compiled lazily, on the first call, with the repository's own connection: the SQL is the
 * dialect's, and a transaction runs it the same.
 */
export class CompiledOnce<N extends string, R> {
  private compiled: { query: CompiledQuery<R>; slots: Slot<N>[] } | undefined;

  constructor(
    private readonly names: readonly N[],
    private readonly build: (placeholders: Record<N, string>) => Compilable<R>,
  ) {}

  /** The compiled query with these values in place of the placeholders. */
  with(values: Record<N, unknown>): CompiledQuery<R> {
    const { query, slots } = (this.compiled ??= this.compile());
    const parameters = slots.map((s) => ('name' in s ? values[s.name] : s.value));
    return { ...query, parameters };
  }

  private compile() {
    const placeholders = Object.fromEntries(this.names.map((n) => [n, mark(n)])) as Record<
      N,
      string
    >;
    const query = this.build(placeholders).compile();
    const byMark = new Map<unknown, N>(this.names.map((n) => [mark(n), n]));
    const slots = query.parameters.map((value): Slot<N> => {
      const name = byMark.get(value);
      return name === undefined ? { value } : { name };
    });
    for (const n of this.names) {
      if (query.sql.includes(mark(n)))
        throw new Error(`compiled query: placeholder ${n} was written into the SQL`);
      if (!slots.some((s) => 'name' in s && s.name === n))
        throw new Error(`compiled query: placeholder ${n} is not a parameter`);
    }
    return { query, slots };
  }
}
