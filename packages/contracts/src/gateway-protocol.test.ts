import { describe, expect, it } from 'vitest';
import {
  COMMAND_ARGS,
  parseTopic,
  replyMessage,
  telegramsMessage,
  topicOf,
} from './gateway-protocol';

describe('gateway protocol', () => {
  it('reads only nx/{12 hex}/{known kind} topics', () => {
    expect(parseTopic(topicOf('aabbccddeeff', 'telegrams'))).toEqual({
      mac: 'aabbccddeeff',
      kind: 'telegrams',
    });
    expect(parseTopic('nx/aabbccddeeff/other')).toBeNull();
    expect(parseTopic('nx/AABBCCDDEEFF/info')).toBeNull();
    expect(parseTopic('nx/aabbccddeeff/info/extra')).toBeNull();
    expect(parseTopic('$SYS/broker/uptime')).toBeNull();
  });

  it('tells replies, progress and version events apart', () => {
    expect(replyMessage.parse({ v: 1, id: 'a', ok: true })).toEqual({ v: 1, id: 'a', ok: true });
    expect(replyMessage.parse({ v: 1, id: 'a', progress: '2/5' })).toEqual({
      v: 1,
      id: 'a',
      progress: '2/5',
    });
    expect(replyMessage.parse({ v: 1, id: 'a', progress: -1 })).toMatchObject({ progress: -1 });
    expect(replyMessage.parse({ v: 1, id: 'a', version: '8.6.0' })).toMatchObject({
      version: '8.6.0',
    });
    expect(replyMessage.safeParse({ v: 2, id: 'a', ok: true }).success).toBe(false);
    expect(
      replyMessage.safeParse({ v: 1, id: 'a', ok: false, error: { code: 'nope', message: '' } })
        .success,
    ).toBe(false);
  });

  it('bounds telegram batches and checks group addresses', () => {
    const item = { ga: '1/2/3', dpt: '9.001', value: 21.5, t: 1 };
    expect(telegramsMessage.safeParse({ v: 1, seq: 0, items: [item] }).success).toBe(true);
    expect(telegramsMessage.safeParse({ v: 1, seq: 0, items: [] }).success).toBe(false);
    expect(telegramsMessage.safeParse({ v: 1, seq: 0, items: Array(501).fill(item) }).success).toBe(
      false,
    );
    expect(
      telegramsMessage.safeParse({ v: 1, seq: 0, items: [{ ...item, ga: '1/9/3' }] }).success,
    ).toBe(false);
    expect(COMMAND_ARGS.update.safeParse({ version: '8.6.0', branch: 'beta' }).success).toBe(true);
  });
});
