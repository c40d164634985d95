import {
  COMMAND_ARGS,
  commandMessage,
  parseJson,
  type CommandArgs,
  type CommandName,
  type GatewayErrorCode,
} from '@atrium/contracts/gateway-protocol';
import type { GatewayAgent } from './agent';
import { fetchFirmware } from './firmware';
import type { PoolBridge } from './pool/pool-bridge';
import { isVendorError } from './pool/vendor-http';

/** What a command handler may do: read and change the agent, answer once. */
export interface CommandContext {
  agent: GatewayAgent;
  fetcher: typeof fetch;
  reply(id: string, result?: Record<string, unknown>): void;
  fail(id: string, code: GatewayErrorCode, message: string): void;
}

type Handler<N extends CommandName> = (
  c: CommandContext,
  id: string,
  args: CommandArgs<N>,
) => void | Promise<void>;

const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMAND_ARGS, name);
const NODE_RED_TYPES = ['kloudnx', 'emergynx'];
/** Commands a protected gateway still accepts (the switch is on the device itself). */
const WHILE_PROTECTED: readonly CommandName[] = [
  'protect',
  'monitor',
  'token.set',
  'token.revoke',
  'vpn.close',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Parses a `cmd` publish and runs it; malformed or unknown commands get an error reply. */
export async function handleCommand(c: CommandContext, payload: Buffer) {
  const envelope = commandMessage.safeParse(parseJson(payload));
  if (!envelope.success) return; // no id to answer to
  const { id, name, args } = envelope.data;
  if (!isCommand(name)) return c.fail(id, 'unknownCommand', `unknown command ${name}`);
  const parsed = COMMAND_ARGS[name].safeParse(args);
  if (!parsed.success) return c.fail(id, 'badArgs', parsed.error.issues[0]?.message ?? 'bad args');
  if (c.agent.state.protect && !WHILE_PROTECTED.includes(name)) {
    return c.fail(id, 'protected', 'the gateway is protected');
  }
  await run(c, id, name, parsed.data);
}

async function run(c: CommandContext, id: string, name: CommandName, args: unknown) {
  const handler: Handler<CommandName> | undefined = HANDLERS[name];
  if (!handler) return c.fail(id, 'unsupported', name);
  await handler(c, id, COMMAND_ARGS[name].parse(args));
}

const ok: Handler<CommandName> = (c, id) => c.reply(id);

const reboot: Handler<'reboot'> = (c, id) => {
  c.reply(id);
  c.agent.link.bounce(c.agent.timing.rebootDownMs);
};

/** Downloads and checks the image, answers, reports n/m then -1, reboots, announces the version. */
const update: Handler<'update'> = async (c, id, args) => {
  const { agent } = c;
  if (agent.state.busy) return c.fail(id, 'busy', 'an update is running');
  agent.state.busy = true;
  try {
    if (args.url && args.sha256) {
      const check = await fetchFirmware(args.url, args.sha256, c.fetcher);
      if (!check.ok) return c.fail(id, check.code, check.message);
    }
    c.reply(id, { accepted: true });
    const steps = agent.timing.updateSteps;
    for (let step = 1; step <= steps; step++) {
      await sleep(agent.timing.updateStepMs);
      agent.send({ id, progress: `${step}/${steps}` });
    }
    agent.send({ id, progress: -1 });
    agent.state.version = args.version;
    agent.state.announce = { id, version: args.version };
    await sleep(agent.timing.updateStepMs);
    agent.link.bounce(agent.timing.rebootDownMs);
  } finally {
    agent.state.busy = false;
  }
};

const nodeRed: Handler<CommandName> = (c, id) =>
  NODE_RED_TYPES.includes(c.agent.type) ? c.reply(id) : c.fail(id, 'unsupported', 'no flow editor');

const poolType: Handler<'pool.type'> = (c, id, args) => {
  if (c.agent.type !== 'poolnx') return c.fail(id, 'unsupported', 'not a pool gateway');
  c.agent.state.pooltype = args.type;
  c.reply(id);
  c.agent.publishInfo();
};

/** Pool commands (issue 19): poolnx gateways only, through the agent's bridge. */
const pool =
  <N extends 'pool.auth' | 'pool.poollist' | 'pool.refresh'>(
    run: (bridge: PoolBridge, args: CommandArgs<N>) => Promise<Record<string, unknown> | void>,
  ): Handler<N> =>
  async (c, id, args) => {
    const bridge = c.agent.pool;
    if (!bridge) return c.fail(id, 'unsupported', 'not a pool gateway');
    try {
      const result = await run(bridge, args);
      c.reply(id, result ?? undefined);
    } catch (err) {
      if (!isVendorError(err)) return c.fail(id, 'vendorUnavailable', (err as Error).message);
      const code = VENDOR_CODES[err.kind];
      // The quota's refill time travels in the message: `retryAt=<epoch ms>`.
      c.fail(id, code, err.retryAt ? `retryAt=${err.retryAt}` : err.message.slice(0, 200));
    }
  };

const VENDOR_CODES = {
  invalidIds: 'vendorAuth',
  unavailable: 'vendorUnavailable',
  rateLimited: 'vendorRateLimited',
} as const;

const exportConfig: Handler<'config.export'> = (c, id) => {
  const { monitor, pooltype } = c.agent.state;
  const config = Buffer.from(JSON.stringify({ type: c.agent.type, monitor, pooltype })).toString(
    'base64',
  );
  c.reply(id, { config });
};

const importConfig: Handler<'config.import'> = (c, id, args) => {
  const parsed = parseJson(Buffer.from(args.config, 'base64'));
  const monitor = COMMAND_ARGS.monitor.shape.addresses.safeParse(
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'monitor') : undefined,
  );
  if (!monitor.success) return c.fail(id, 'badArgs', 'unreadable configuration');
  c.agent.state.monitor = monitor.data;
  c.reply(id);
};

/** Remote access: the tunnel opens (or moves), closes, or forwards the custom proxy's target. */
const vpn =
  <N extends 'vpn.open' | 'vpn.close' | 'vpn.proxy'>(
    run: (t: NonNullable<GatewayAgent['tunnel']>, args: CommandArgs<N>) => void,
  ): Handler<N> =>
  (c, id, args) => {
    const tunnel = c.agent.tunnel;
    if (!tunnel) return c.fail(id, 'unsupported', 'no remote access');
    run(tunnel, args);
    c.reply(id);
  };

/** Modbus meters hang on kloudnx gateways only. */
const modbus =
  <N extends 'modbus.config' | 'modbus.read'>(run: Handler<N>): Handler<N> =>
  (c, id, args) =>
    c.agent.type === 'kloudnx' ? run(c, id, args) : c.fail(id, 'unsupported', 'no Modbus');

const HANDLERS: { [N in CommandName]?: Handler<N> } = {
  reboot,
  init: ok,
  update,
  'passwords.init': ok,
  'config.password': ok,
  'nodered.password': nodeRed,
  'nodered.restart': nodeRed,
  'nodered.update': nodeRed,
  'pool.type': poolType,
  'config.export': exportConfig,
  'config.import': importConfig,
  'token.set': (c, id, args) => {
    c.agent.state.tokens.set(args.service, args.token);
    c.reply(id);
  },
  'token.revoke': (c, id, args) => {
    if (c.agent.state.tokens.get(args.service) === args.token)
      c.agent.state.tokens.delete(args.service);
    c.reply(id);
  },
  monitor: (c, id, args) => {
    c.agent.state.monitor = args.addresses;
    c.reply(id, { count: args.addresses.length });
  },
  protect: (c, id, args) => {
    c.agent.state.protect = args.on;
    c.reply(id);
    c.agent.publishInfo();
  },
  'vpn.open': vpn<'vpn.open'>((t, args) => t.open(args)),
  'vpn.close': vpn<'vpn.close'>((t) => t.close()),
  'vpn.proxy': vpn<'vpn.proxy'>((t, args) => t.setCustom(args.url)),
  'modbus.config': modbus<'modbus.config'>((c, id, args) => {
    c.agent.modbus.configure(args.meters);
    c.reply(id);
  }),
  'pool.config': (c, id, args) => {
    const bridge = c.agent.pool;
    if (!bridge) return c.fail(id, 'unsupported', 'not a pool gateway');
    c.agent.state.pooltype = args.type;
    void bridge.configure(args);
    c.reply(id);
    c.agent.publishInfo();
  },
  'pool.auth': pool<'pool.auth'>((b, args) => b.checkCredentials(args.type, args.auth)),
  'pool.poollist': pool<'pool.poollist'>(async (b, args) => ({
    pools: await b.klereoPools(args.auth),
  })),
  'pool.refresh': pool<'pool.refresh'>((b) => b.refresh(true)),
  // The read failing is a result of the test (result.error), not a refused command.
  'modbus.read': modbus<'modbus.read'>(async (c, id, args) =>
    c.reply(id, await c.agent.modbus.read(args)),
  ),
};
