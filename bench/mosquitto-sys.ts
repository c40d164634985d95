import mqtt from 'mqtt';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Mosquitto's own counters ($SYS, read as the hub's user, whose ACL must allow
 * `topic read $SYS/#`), as last published: it publishes a counter every 10 s only when it
 * changed, so the reader is there from the start. `publish/messages/dropped` counts the
 * publishes it acknowledged to a gateway and then dropped because the hub's window was full.
 */
export function watchBroker(port: number) {
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    username: 'atrium-hub',
    password: 'bench-hub-secret', // the benchmarks' mosquitto password files
    clientId: 'bench-sys-reader',
  });
  const seen: Record<string, number> = {};
  client.on('connect', () => client.subscribe('$SYS/broker/#'));
  client.on(
    'message',
    (topic, payload) => (seen[topic.slice(12)] = parseFloat(payload.toString())),
  );
  return {
    /** Waits for the next publication of the counters (mosquitto's interval is 10 s). */
    async latest(): Promise<Record<string, number>> {
      const uptime = seen.uptime;
      for (let i = 0; i < 25 && seen.uptime === uptime; i++) await sleep(1_000);
      return { ...seen };
    },
    /** The counters as last published, without waiting. */
    now: (): Record<string, number> => ({ ...seen }),
    close: () => client.endAsync(),
  };
}
