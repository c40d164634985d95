import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The health probe's one query: is the database answering? */
export class HealthRepository {
  constructor(private readonly db: Db) {}

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
