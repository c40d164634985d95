// Entry of the MQTT broker thread (broker-thread.ts): TypeScript through tsx.
import { register } from 'tsx/esm/api';

// eslint-disable-next-line @typescript-eslint/no-unsafe-call -- a plain .mjs file: tsx's types are not resolved here
register();
await import('./broker-thread-main.ts');
