import { describe, expect, it } from 'vitest';
import { LoopDelayWatch, SUSTAINED_SECONDS } from '../../../src/server/http/loop-delay-watch';

// Load shedding by the event loop's delay, fed one second's mean at a time: a single long task (the
// first render after a restart blocked the loop ~1.8 s) must not refuse the page's assets; a delay
// that lasts is an overload and is shed until it passes.

describe('load shedding by event-loop delay', () => {
  it('lets one long second pass, and sheds once the delay lasts', () => {
    const watch = new LoopDelayWatch(1000);
    expect(watch.observe(1800)).toBe(false);
    expect(watch.observe(40)).toBe(false);
    expect(watch.observe(1800)).toBe(false);
    for (let second = 2; second < SUSTAINED_SECONDS; second += 1) expect(watch.observe(1500)).toBe(false);
    expect(watch.observe(1500)).toBe(true);
    expect(watch.observe(1200)).toBe(true);
  });

  it('stops shedding as soon as a second comes back under the limit', () => {
    const watch = new LoopDelayWatch(1000);
    watch.observe(2000);
    expect(watch.observe(2000)).toBe(true);
    expect(watch.observe(999)).toBe(false);
    expect(watch.observe(1001)).toBe(false);
  });
});
