// Load shedding by the event loop's delay (health.ts feeds it each second's mean).

/**
 * Seconds in a row whose mean event-loop delay is over SHED_MAX_EVENT_LOOP_DELAY_MS before requests
 * are shed: one long task (the first render after a restart) is one such second, not an overload,
 * and shedding for it refused every asset of that first visitor's page.
 */
export const SUSTAINED_SECONDS = 2;

/** The shedding rule for the event loop's delay, fed each second's mean. */
export class LoopDelayWatch {
  private over = 0;
  constructor(private readonly limitMs: number) {}

  /** Records one second's mean delay; true while it has stayed over the limit long enough to shed. */
  observe(meanMs: number): boolean {
    this.over = meanMs > this.limitMs ? this.over + 1 : 0;
    return this.over >= SUSTAINED_SECONDS;
  }
}
