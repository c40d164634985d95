import type { InformationMessage, MessageBody } from '@atrium/contracts/information';
import { GATEWAY_TYPES, type GatewayType } from '@atrium/contracts/limits';
import { DEFAULT_LATEST_VERSIONS, type LatestVersions } from '@atrium/contracts/version';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { InformationRepository } from './information.repository';

/** Latest firmware version per gateway type, and the console's information messages. */
export class InformationService {
  constructor(private readonly repo: InformationRepository) {}

  /** The defaults of contracts/version.ts, overridden by what administrators set. */
  async latestVersions(): Promise<LatestVersions> {
    const versions = { ...DEFAULT_LATEST_VERSIONS };
    for (const row of await this.repo.listVersions()) {
      const type = GATEWAY_TYPES.find((t) => t === row.type);
      if (type) versions[type] = row.version;
    }
    return versions;
  }

  async latestVersion(type: GatewayType): Promise<string> {
    return (await this.latestVersions())[type];
  }

  async setLatestVersion(type: GatewayType, version: string) {
    await this.repo.setVersion(type, version);
    return this.latestVersions();
  }

  /** The messages not yet expired (`now` in epoch ms). */
  async messages(now = Date.now()): Promise<InformationMessage[]> {
    return (await this.repo.listMessages()).filter(
      (m) => m.expiresAt === null || m.expiresAt > now,
    );
  }

  async addMessage(body: MessageBody): Promise<InformationMessage> {
    const message: InformationMessage = {
      id: newId(),
      color: body.color,
      text: body.text,
      textEn: body.textEn ? body.textEn : null,
      expiresAt: body.expiresAt ?? null,
    };
    await this.repo.insertMessage(message);
    return message;
  }

  async removeMessage(id: string) {
    if (!(await this.repo.deleteMessage(id))) throw notFound('message');
  }
}
