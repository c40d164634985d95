import type { Migration } from 'kysely';
import * as m0001 from './0001-users';

/** Every migration, by its number; new ones are appended here. */
export const migrations: Record<string, Migration> = {
  '0001-users': m0001,
};
