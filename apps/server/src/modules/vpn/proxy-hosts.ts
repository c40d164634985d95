import type { TunnelService } from '@atrium/contracts/vpn';

/** What a proxy host names: a service of a session (by proxy id), or a custom proxy. */
export type ProxyHost =
  | { kind: 'session'; proxyId: string; service: TunnelService }
  | { kind: 'custom'; subdomain: string };

const SESSION_LABEL = /^([a-z0-9]{24})(?:-(editor|local))?$/;
const CUSTOM_LABEL = /^cp-[a-z0-9]{16}$/;
const SERVICE_OF_SUFFIX: Record<string, TunnelService> = {
  '': 'config',
  editor: 'nodered',
  local: 'localUi',
};

/**
 * The gateway's pages through the cloud live on hosts of their own under PUBLIC_URL's host
 * (decision 0017): `{proxyId}.{host}` for the configuration page, `{proxyId}-editor.{host}`
 * for the flow editor and its dashboard (/ui), `{proxyId}-local.{host}` for the local UI, and
 * `cp-{id}.{host}` for a custom proxy. A page's absolute links and WebSockets work unchanged
 * because each has a whole origin to itself.
 */
export class ProxyHosts {
  private readonly scheme: string;
  private readonly base: string;
  private readonly port: string;

  constructor(publicUrl: string) {
    const url = new URL(publicUrl);
    this.scheme = url.protocol;
    this.base = url.hostname.toLowerCase();
    this.port = url.port ? `:${url.port}` : '';
  }

  private origin(label: string) {
    return `${this.scheme}//${label}.${this.base}${this.port}`;
  }

  urls(proxyId: string) {
    return {
      config: `${this.origin(proxyId)}/`,
      editor: `${this.origin(`${proxyId}-editor`)}/`,
      dashboard: `${this.origin(`${proxyId}-editor`)}/ui/`,
      localUi: `${this.origin(`${proxyId}-local`)}/`,
    };
  }

  customUrl(subdomain: string) {
    return `${this.origin(subdomain)}/`;
  }

  /** What a Host header names, or null when it is not a proxy host (the console, the API). */
  parse(hostHeader: string): ProxyHost | null {
    const host = hostHeader.toLowerCase().replace(/:\d+$/, '');
    if (!host.endsWith(`.${this.base}`)) return null;
    const label = host.slice(0, -(this.base.length + 1));
    if (CUSTOM_LABEL.test(label)) return { kind: 'custom', subdomain: label };
    const m = SESSION_LABEL.exec(label);
    const service = m && SERVICE_OF_SUFFIX[m[2] ?? ''];
    return m?.[1] && service ? { kind: 'session', proxyId: m[1], service } : null;
  }
}
