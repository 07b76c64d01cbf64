import { Injectable, PipeTransform } from '@nestjs/common';
import { DateTime, Zone } from 'luxon';
import { readDateParam } from '../../common/dates/parse-date';
import { defaultListWindow, endOfDay, startOfDay } from '../../common/dates/window';
import { siteZoneOf } from '../../common/clock/site-zone';
import { Clock } from '../../common/clock/clock';
import { asRecord, toBoolean, toList } from '../../common/validation/convert';
import { AppConfig } from '../../config/app-config';

/** The date bounds of an event list, as instants in the site's zone. */
export interface EventDateBounds {
  readonly startFrom?: DateTime;
  readonly endUntil?: DateTime;
  readonly startsBefore?: DateTime;
  readonly startsAfter?: DateTime;
  readonly endsBefore?: DateTime;
  readonly endsAfter?: DateTime;
  /**
   * When no date parameter was given (the default window, which depends on the day alone): the
   * next midnight in the site's zone, when that window moves. Absent when a parameter was given
   * (relative values such as `now` move with the clock).
   */
  readonly windowMovesAt?: DateTime;
}

const RELATIVE_BOUNDS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;
const DATE_PARAMS = ['start_date', 'end_date', ...RELATIVE_BOUNDS] as const;

/**
 * Turns the date parameters of `GET /events` into bounds (docs/behaviour.md#lists): naive inputs are read in the
 * site's zone; without `strict_dates` `start_date` means the start of its day and every other
 * bound the end of its day; with none of `starts_*`/`ends_*` the default window (yesterday to 24
 * months ahead) fills a missing `start_date`/`end_date`; `include` drops the window entirely.
 * Unparsable values are left to the query DTO to report, so this pipe never throws.
 */
@Injectable()
export class EventDatesPipe implements PipeTransform<unknown, EventDateBounds> {
  private readonly siteZone: Zone;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  transform(query: unknown): EventDateBounds {
    const source = asRecord(query);
    const include = toList(source['include']);
    if (Array.isArray(include) && include.length > 0) return {};
    const now = this.clock.now();
    const strict = toBoolean(source['strict_dates']) === true;
    const read = (name: string): DateTime | undefined =>
      readDateParam(source, name, this.siteZone, now)?.setZone(this.siteZone);
    const dayEnd = (value: DateTime | undefined): DateTime | undefined =>
      value && !strict ? endOfDay(value) : value;
    const usesRelative = RELATIVE_BOUNDS.some((name) => source[name] !== undefined);
    const defaults = usesRelative ? undefined : defaultListWindow(now, this.siteZone);
    const start = read('start_date');
    const windowMovesAt = DATE_PARAMS.every((name) => source[name] === undefined)
      ? now.setZone(this.siteZone).startOf('day').plus({ days: 1 })
      : undefined;
    return {
      windowMovesAt,
      startFrom: start ? (strict ? start : startOfDay(start)) : defaults?.start,
      endUntil: dayEnd(read('end_date')) ?? defaults?.end,
      startsBefore: dayEnd(read('starts_before')),
      startsAfter: dayEnd(read('starts_after')),
      endsBefore: dayEnd(read('ends_before')),
      endsAfter: dayEnd(read('ends_after')),
    };
  }
}
