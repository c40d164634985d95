import type { InformationMessage } from '@atrium/contracts/information';
import type { Db } from '../../db/database';

/**
 * The `text` column holds the French text as plain text (rows written before decision 0027)
 * or a JSON object {fr, en, expiresAt}: the English text and expiry need no new column.
 */
interface StoredText {
  fr: string;
  en: string | null;
  expiresAt: number | null;
}

function decodeText(text: string): StoredText {
  if (text.startsWith('{')) {
    try {
      const v = JSON.parse(text) as Partial<StoredText>;
      if (typeof v.fr === 'string') {
        return {
          fr: v.fr,
          en: typeof v.en === 'string' ? v.en : null,
          expiresAt: typeof v.expiresAt === 'number' ? v.expiresAt : null,
        };
      }
    } catch {
      // plain text that happens to start with a brace
    }
  }
  return { fr: text, en: null, expiresAt: null };
}

/** The only place with SQL for latest versions and information messages. */
export class InformationRepository {
  constructor(private readonly db: Db) {}

  listVersions() {
    return this.db.selectFrom('latest_versions').select(['type', 'version']).execute();
  }

  async setVersion(type: string, version: string) {
    const updated_at = Date.now();
    await this.db
      .insertInto('latest_versions')
      .values({ type, version, updated_at })
      .onConflict((oc) => oc.column('type').doUpdateSet({ version, updated_at }))
      .execute();
  }

  async listMessages(): Promise<InformationMessage[]> {
    const rows = await this.db
      .selectFrom('information_messages')
      .select(['id', 'color', 'text'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => {
      const t = decodeText(r.text);
      return { id: r.id, color: r.color, text: t.fr, textEn: t.en, expiresAt: t.expiresAt };
    });
  }

  async insertMessage(m: InformationMessage) {
    const text =
      m.textEn === null && m.expiresAt === null && !m.text.startsWith('{')
        ? m.text
        : JSON.stringify({ fr: m.text, en: m.textEn, expiresAt: m.expiresAt });
    await this.db
      .insertInto('information_messages')
      .values({ id: m.id, color: m.color, text, created_at: Date.now() })
      .execute();
  }

  async deleteMessage(id: string) {
    const res = await this.db
      .deleteFrom('information_messages')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }
}
