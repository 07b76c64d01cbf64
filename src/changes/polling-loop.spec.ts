import { Logger } from '@nestjs/common';
import { brokerAddress } from '../broker/broker-transport';
import { PollingLoop } from './polling-loop';

describe('PollingLoop', () => {
  it('logs a run of failures once, and once more when the step works again', async () => {
    const lines: string[] = [];
    const logger = {
      warn: (line: string) => lines.push(`warn ${line}`),
      log: (line: string) => lines.push(`log ${line}`),
    } as unknown as Logger;
    let calls = 0;
    const loop = new PollingLoop('Publishing', logger, 5, () => {
      calls += 1;
      return calls <= 3 ? Promise.reject(new Error('refused')) : Promise.resolve(false);
    });
    loop.start();
    while (calls < 5) await new Promise((wait) => setTimeout(wait, 5));
    await loop.stop();
    expect(lines).toEqual([
      'warn Publishing failed, will retry: refused',
      'log Publishing works again',
    ]);
  });

  it('runs again at once while the step reports more work, and stops', async () => {
    let calls = 0;
    const loop = new PollingLoop('Step', new Logger('test'), 60_000, () => {
      calls += 1;
      return Promise.resolve(calls < 4);
    });
    loop.start();
    while (calls < 4) await new Promise((wait) => setTimeout(wait, 5));
    await loop.stop();
    await new Promise((wait) => setTimeout(wait, 20));
    expect(calls).toBe(4);
  });

  it('runs the step soon when woken, instead of after the idle wait', async () => {
    let calls = 0;
    const loop = new PollingLoop('Step', new Logger('test'), 60_000, () => {
      calls += 1;
      return Promise.resolve(false);
    });
    loop.wake(); // before start: nothing
    loop.start();
    while (calls < 1) await new Promise((wait) => setTimeout(wait, 5));
    loop.wake();
    loop.wake(); // two wakes close together: one step
    await new Promise((wait) => setTimeout(wait, 100));
    await loop.stop();
    expect(calls).toBe(2);
  });
});

describe('brokerAddress', () => {
  it('names the broker without its credentials', () => {
    expect(brokerAddress('amqp://guest:secret@rabbit.internal:5672/vhost')).toBe(
      'amqp://rabbit.internal:5672',
    );
    expect(brokerAddress('nats://token@nats:4222')).toBe('nats://nats:4222');
  });
});
