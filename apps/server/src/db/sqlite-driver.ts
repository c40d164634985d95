import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { WriteGate } from './write-gate';

/** Prepared statements kept per connection (queries come in a few hundred shapes). */
const STATEMENT_CACHE = 500;

/**
 * The one connection's lock, granted in arrival order. Kysely's own wakes every
 * waiter on each release and lets them race (each loser waits again): with the
 * thousands of queries a connect storm queues, that cost seconds of event loop.
 */
class FifoLock {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

class SqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly db: SQLite.Database,
    private readonly gate: WriteGate | undefined,
  ) {}

  /** The statement for this SQL, prepared once (least recently used ones are dropped). */
  private statement(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE) {
        const oldest = this.statements.keys().next().value;
        if (oldest !== undefined) this.statements.delete(oldest);
      }
    }
    this.statements.set(sql, statement);
    return statement;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statement(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    // A write outside a transaction waits for its turn like a transaction (WriteGate).
    if (this.gate && !this.db.inTransaction)
      return this.gate.run(() => SqliteConnection.run<R>(statement, parameters));
    return Promise.resolve(SqliteConnection.run<R>(statement, parameters));
  }

  private static run<R>(statement: SQLite.Statement, parameters: unknown[]): QueryResult<R> {
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** A transaction's own statement (BEGIN, COMMIT, ROLLBACK): never gated itself. */
  control(sql: string): void {
    this.db.exec(sql);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement being iterated cannot run anything else: not a cached one.
    const statement = this.db.prepare(compiledQuery.sql);
    if (!statement.reader) throw new Error('SQLite can only stream select queries');
    for (const row of statement.iterate(compiledQuery.parameters)) {
      yield { rows: [row as R] };
    }
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Kysely's SQLite driver, with four changes:
 * - transactions begin IMMEDIATE: the time-series writer thread writes to the same file on
 *   another connection, and a deferred transaction that read and then writes after that
 *   thread's commit would fail with SQLITE_BUSY_SNAPSHOT, while IMMEDIATE takes the write
 *   lock first (waiting up to busy_timeout for it) and so always sees the latest data;
 * - with a WriteGate, a transaction (and a write outside one) first waits for its turn
 *   among the process's threads without blocking the event loop, so IMMEDIATE finds the
 *   lock free instead of sleeping in SQLite's busy handler (decision 0059);
 * - the connection is handed out in arrival order (FifoLock);
 * - statements are prepared once, not on every query.
 */
class AtriumSqliteDriver implements Driver {
  private readonly lock = new FifoLock();
  private readonly connection: SqliteConnection;
  /** Whether the transaction under way holds the gate's turn. */
  private holding = false;

  constructor(
    private readonly db: SQLite.Database,
    private readonly gate: WriteGate | undefined,
  ) {
    this.connection = new SqliteConnection(db, gate);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  async beginTransaction() {
    if (this.gate) {
      await this.gate.acquire();
      this.holding = true;
    }
    try {
      this.connection.control('begin immediate');
    } catch (err) {
      this.endTurn();
      throw err;
    }
  }

  async commitTransaction() {
    this.connection.control('commit');
    this.endTurn(); // a failed COMMIT keeps the turn until Kysely's ROLLBACK
  }

  async rollbackTransaction() {
    try {
      if (this.db.inTransaction) this.connection.control('rollback');
    } finally {
      this.endTurn();
    }
  }

  private endTurn() {
    if (!this.holding) return;
    this.holding = false;
    this.gate?.release();
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async releaseConnection() {
    this.lock.release();
  }

  async destroy() {
    this.db.close();
  }
}

/** Kysely's SQLite dialect (adapter, compiler, introspection) on AtriumSqliteDriver. */
export class AtriumSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly gate?: WriteGate,
  ) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new AtriumSqliteDriver(this.sqlite, this.gate);
  }
}
