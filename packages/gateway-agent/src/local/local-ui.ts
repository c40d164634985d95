import {
  gatewayTitle,
  htmlPage,
  sharedRoutes,
  statusTable,
  type GatewaySnapshot,
} from './gateway-page';
import { createHttpService, sendHtml, type LocalService } from './http-kit';

/**
 * The gateway's local UI (tunnel service `localUi`, port 11196 on a real device): the page a
 * user on site opens, here showing the device's state. It shares the layout, stylesheet and
 * `/status` of the configuration page; settings are changed there, not here.
 */

/** The local UI: `GET /`, `GET /status`, `GET /assets/style.css`; anything else 404. */
export function createLocalUi(snapshot: () => GatewaySnapshot): LocalService {
  const page = (s: GatewaySnapshot) =>
    htmlPage(
      `${gatewayTitle(s)} · local UI`,
      `${statusTable(s)}\n<section><p>Settings are changed on the configuration page.</p></section>`,
    );
  return createHttpService({
    ...sharedRoutes(snapshot),
    '/': { GET: (_req, res) => sendHtml(res, page(snapshot())) },
  });
}
