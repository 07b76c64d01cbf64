import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PollingLoop } from '../../changes/polling-loop';
import { Clock } from '../../common/clock/clock';
import { EventSeriesService } from './event-series.service';
import { RECURRENCE_LIMITS } from './recurrence';

/** Series extended per step, each in a unit of work of its own. */
const BATCH = 20;

/** How often an instance looks for series to extend, when it found none. */
const INTERVAL_MS = 3_600_000;

/** A series is extended when its stored occurrences end less than this before the horizon. */
const MARGIN_DAYS = 7;

/**
 * Keeps recurring series stored up to the horizon as time passes
 * (docs/behaviour.md#recurring-events): series whose rule goes on past their stored occurrences
 * and whose stored occurrences end within {@link MARGIN_DAYS} of the horizon get the occurrences
 * that are now due, as the same creates a series write makes (sync and webhooks see them).
 * Every instance runs it; the series' row lock makes a second instance find nothing to add.
 */
@Injectable()
export class SeriesHorizon implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SeriesHorizon');
  private readonly loop: PollingLoop;

  constructor(
    private readonly series: EventSeriesService,
    private readonly clock: Clock,
  ) {
    this.loop = new PollingLoop('Extending recurring series', this.logger, INTERVAL_MS, () =>
      this.pass(),
    );
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** Extends the series due now, up to {@link BATCH}; answers whether more may be due. */
  async pass(): Promise<boolean> {
    const due = this.clock
      .now()
      .plus({ months: RECURRENCE_LIMITS.horizonMonths })
      .minus({ days: MARGIN_DAYS })
      .toJSDate();
    return (await this.series.extendDue(due, BATCH)) === BATCH;
  }
}
