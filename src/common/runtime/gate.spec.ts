import { Gate } from './gate';

/** A task that runs until `finish` is called. */
function held(): {
  task: () => Promise<string>;
  finish: (value: string) => void;
  started: () => boolean;
} {
  let finish: (value: string) => void = () => undefined;
  let started = false;
  return {
    task: () =>
      new Promise<string>((resolve) => {
        started = true;
        finish = resolve;
      }),
    finish: (value) => finish(value),
    started: () => started,
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Gate', () => {
  it('runs at most its limit at once, the others in the order they came', async () => {
    const gate = new Gate(2);
    const tasks = [held(), held(), held(), held()];
    const results = tasks.map((t) => gate.run(t.task));
    await tick();
    expect(tasks.map((t) => t.started())).toEqual([true, true, false, false]);
    expect([gate.busy, gate.queued]).toEqual([2, 2]);

    tasks[1]?.finish('b');
    await tick();
    expect(tasks.map((t) => t.started())).toEqual([true, true, true, false]);

    tasks[0]?.finish('a');
    await tick();
    tasks[2]?.finish('c');
    tasks[3]?.finish('d');
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect([gate.busy, gate.queued]).toEqual([0, 0]);
  });

  it('frees the place of a task that fails', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(gate.busy).toBe(0);
  });

  it('gives up a wait that lasts longer than asked, without running its task', async () => {
    const gate = new Gate(1);
    const first = held();
    const running = gate.run(first.task);
    let ran = false;
    const waiting = gate.run(
      () => {
        ran = true;
        return Promise.resolve('late');
      },
      { ms: 20, giveUp: () => new Error('gave up') },
    );
    await expect(waiting).rejects.toThrow('gave up');
    expect(gate.queued).toBe(0);

    first.finish('first');
    await expect(running).resolves.toBe('first');
    expect(ran).toBe(false);
    expect(gate.busy).toBe(0);
  });
});
