import { afterEach, describe, expect, it, vi } from 'vitest';
import { Worker } from '../../../src/server/services/worker';

// The one shape of the server's background work (mail, notifications, Pix, cards). Each round here
// is held by the test until it lets it go, so nothing depends on how fast the machine is.

/** A worker whose rounds wait for `release()`; `started` counts the rounds begun. */
function heldWorker(options: { periodMs?: number; firstRoundMs?: number; fail?: boolean } = {}) {
  const releases: (() => void)[] = [];
  const errors: unknown[] = [];
  let started = 0;
  let active = 0;
  let overlapped = false;
  const worker = new Worker<number>({
    name: 'test',
    round: async () => {
      started += 1;
      active += 1;
      if (active > 1) overlapped = true;
      const round = started;
      await new Promise<void>((resolve) => releases.push(resolve));
      active -= 1;
      if (options.fail) throw new Error(`round ${round} failed`);
      return round;
    },
    onError: (error) => errors.push(error),
    periodMs: options.periodMs ?? 0,
    firstRoundMs: options.firstRoundMs,
  });
  const release = async () => {
    // Let the round that was waiting begin, then let it end.
    await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
    releases.shift()!();
  };
  return {
    worker,
    release,
    errors,
    started: () => started,
    overlapped: () => overlapped,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('background worker', () => {
  it('runs one round at a time: a second asked for during a round starts after it and gets its own result', async () => {
    const held = heldWorker();
    const first = held.worker.runOnce();
    const second = held.worker.runOnce();
    await held.release();
    expect(await first).toBe(1);
    await held.release();
    expect(await second).toBe(2);
    expect(held.overlapped()).toBe(false);
  });

  it('folds the kicks made while a round waits to start into that one round', async () => {
    const held = heldWorker();
    const running = held.worker.runOnce();
    held.worker.kick();
    held.worker.kick();
    held.worker.kick();
    await held.release();
    await running;
    await held.release();
    await held.worker.settled();
    expect(held.started()).toBe(2);
  });

  it('throws a failed round to whoever asked for it, and reports a kicked one', async () => {
    const held = heldWorker({ fail: true });
    const asked = held.worker.runOnce();
    await held.release();
    await expect(asked).rejects.toThrow('round 1 failed');
    held.worker.kick();
    await held.release();
    await held.worker.settled();
    expect(held.errors.map(String)).toEqual(['Error: round 2 failed']);
  });

  it('runs a round on its timer, the first one sooner when told, and none after stop', async () => {
    vi.useFakeTimers();
    const held = heldWorker({ periodMs: 30_000, firstRoundMs: 5_000 });
    held.worker.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(held.started()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.started()).toBe(1);
    await held.release();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(held.started()).toBe(2);
    const stopped = held.worker.stop();
    await held.release();
    await stopped;
    await vi.advanceTimersByTimeAsync(120_000);
    held.worker.kick();
    expect(held.started()).toBe(2);
  });

  it('stops only once the round under way has finished', async () => {
    const held = heldWorker();
    const running = held.worker.runOnce();
    await vi.waitFor(() => expect(held.started()).toBe(1));
    let stopped = false;
    const stopping = held.worker.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    await held.release();
    await running;
    await stopping;
    expect(stopped).toBe(true);
  });
});
