import { randomBytes } from 'node:crypto';
import type { TokenService } from '@atrium/contracts/gateway-protocol';
import { notFound } from '../../../lib/errors';
import type { GatewayView } from '../../gateways/gateways.repository';
import type { Hub } from '../hub.service';
import type { HubRepository } from '../hub.repository';

/** A link or emergency dashboard token opened from the console lives an hour. */
const SHORT_TTL_MS = 60 * 60 * 1000;

const newToken = () => randomBytes(24).toString('base64url');

/**
 * Dashboard tokens of the link (klocknx) and emergency (emergynx) dialogs:
 * the cloud issues a token and installs it on the gateway (`token.set`);
 * permanent ones are kept so the dialog can show, copy and delete them.
 */
export class GatewayTokens {
  constructor(
    private readonly hub: Hub,
    private readonly repo: HubRepository,
  ) {}

  /** The klocknx/emergynx routes name the project and the gateway: they must match. */
  inProject(gw: GatewayView, projectId: string) {
    if (gw.project_id !== projectId) throw notFound('gateway');
    return gw;
  }

  async shortLived(gw: GatewayView, service: TokenService) {
    const token = newToken();
    const expiresAt = Date.now() + SHORT_TTL_MS;
    await this.hub.command(gw, 'token.set', { service, token, expiresAt });
    return { token, expiresAt };
  }

  async permanent(gw: GatewayView, service: TokenService) {
    return { token: (await this.repo.permaToken(gw.id, service))?.token ?? null };
  }

  /** A new permanent token replaces the previous one, on the gateway first. */
  async generatePermanent(gw: GatewayView, service: TokenService) {
    const token = newToken();
    const old = await this.repo.permaToken(gw.id, service);
    await this.hub.command(gw, 'token.set', { service, token, expiresAt: null });
    if (old) await this.hub.command(gw, 'token.revoke', { service, token: old.token });
    await this.repo.setPermaToken(gw.id, service, token);
    return { token };
  }

  async deletePermanent(gw: GatewayView, service: TokenService) {
    const old = await this.repo.permaToken(gw.id, service);
    if (old) await this.hub.command(gw, 'token.revoke', { service, token: old.token });
    await this.repo.deletePermaToken(gw.id, service);
    return { message: 'success' };
  }
}
