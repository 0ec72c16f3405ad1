// The one shape of the server's background work (mail, order notifications, Pix, cards): rounds of
// `round`, one at a time in this process, every `periodMs` and whenever something asks for one
// (`kick`). Nothing a request does waits for it. Instances share the work by what each round
// claims: rows with a conditional update or FOR UPDATE SKIP LOCKED, a whole-table job (Pix's
// reconciliation) by a lease row; the worker itself knows nothing of other instances.

export interface WorkerOptions<Result> {
  /** Names the worker in log lines. */
  name: string;
  round: () => Promise<Result>;
  /** How a failed background round is reported (a round run by `runOnce` throws to its caller). */
  onError: (error: unknown) => void;
  /** Between rounds started by the timer; 0: only when kicked or asked. */
  periodMs: number;
  /** The timer's first round, when it should come sooner than a whole period. */
  firstRoundMs?: number;
}

export class Worker<Result = void> {
  private tail: Promise<unknown> = Promise.resolve();
  /** A round is queued and has not started: a kick now would ask for nothing more. */
  private queued = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: WorkerOptions<Result>) {}

  get name(): string {
    return this.options.name;
  }

  /** A round after the one under way (never at the same time); its result, or its error. */
  runOnce(): Promise<Result> {
    const next = this.tail.then(() => {
      this.queued = false;
      return this.options.round();
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** A round soon, in the background; kicks while one waits to start add nothing. */
  kick(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    this.runOnce().catch(this.options.onError);
  }

  /** Starts the timer (a period of 0 starts nothing). */
  start(): void {
    const { periodMs, firstRoundMs = periodMs } = this.options;
    if (periodMs <= 0 || this.stopped) return;
    const tick = (ms: number) => {
      this.timer = setTimeout(() => {
        this.kick();
        if (!this.stopped) tick(periodMs);
      }, ms);
      this.timer.unref();
    };
    tick(firstRoundMs);
  }

  /** Resolves once the rounds asked for so far have finished. */
  async settled(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.tail;
      await seen;
    } while (seen !== this.tail);
  }

  /** No more rounds start; the one under way (and any queued) finishes first. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.settled();
  }
}
