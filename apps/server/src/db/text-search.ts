import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern matching `part` anywhere, its wildcards escaped (with `escape '\'`). */
export const likePattern = (part: string) =>
  `%${part.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) like pattern escape '\'`: a case-insensitive search on both databases. */
export const contains = (column: string, pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

/**
 * Where a search may be a MAC typed with separators (aa:bb:…): the stored 12 hex digits it
 * names, or null when it holds fewer than two hex digits.
 */
export function macSearch(column: string, search: string): RawBuilder<SqlBool> | null {
  const hex = search.toLowerCase().replace(/[^0-9a-f]/g, '');
  return hex.length >= 2
    ? sql<SqlBool>`${sql.ref(column)} like ${likePattern(hex)} escape '\\'`
    : null;
}
