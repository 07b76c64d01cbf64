import { UnitOfWork } from '../../database/unit-of-work';
import { Injectable } from '@nestjs/common';
import { DateTime, Zone } from 'luxon';
import { siteZoneOf } from '../../common/clock/site-zone';
import { ChangeLog } from '../../changes/change-log';
import { Clock } from '../../common/clock/clock';
import { resolveZone } from '../../common/dates/zones';
import { ParamProblem } from '../../common/errors/domain-error';
import { Language } from '../../common/i18n/language';
import { AppConfig } from '../../config/app-config';
import { EventEntity } from '../entities/event.entity';
import { EventNotFoundError } from '../events.errors';
import { EventColumns, EventLinkWrite, EventsRepository, EventText } from '../events.repository';
import {
  expand,
  Occurrence,
  parseRecurrence,
  Recurrence,
  RECURRENCE_LIMITS,
  RecurrenceError,
  requireWithinLimit,
} from './recurrence';
import { planSeries } from './series-plan';

/** The columns that belong to each occurrence or to the series itself, never shared. */
const OWN_COLUMNS = [
  'seriesId',
  'recurrence',
  'recurrenceId',
  'recurrenceUntil',
  'detached',
  'startUtc',
  'endUtc',
] as const;

/** An event's columns without those of the series it belongs to. */
export type SharedColumns = Omit<Partial<EventColumns>, (typeof OWN_COLUMNS)[number]>;

/** The columns of a write that an edit of a series passes on to its occurrences. */
export function sharedColumns(columns: Partial<EventColumns>): SharedColumns {
  const shared: Partial<EventColumns> = { ...columns };
  for (const key of OWN_COLUMNS) delete shared[key];
  return shared;
}

/**
 * How far series `first` (its first occurrence) is stored already, from its occurrences
 * `stored` (in start order): when it reaches past the horizon (a list extended it on demand),
 * an edit of the series keeps the occurrences stored that far instead of trashing them. Null
 * for an event that is not a series' first occurrence.
 */
export function storedReach(first: EventEntity, stored: readonly EventEntity[]): Date | null {
  if (first.seriesId !== first.id) return null;
  const last = stored.at(-1)?.startUtc;
  return last && last > first.startUtc ? last : first.startUtc;
}

/** An event's columns, as a create of a copy of it takes them. */
function columnsOf(event: EventEntity): EventColumns {
  const copy: Partial<EventEntity> = { ...event };
  delete copy.id;
  delete copy.slug;
  delete copy.translations;
  return copy as EventColumns;
}

/** The event's start and end as instants in its zone, and whether it is all-day. */
export interface Schedule {
  readonly start: DateTime;
  readonly end: DateTime;
  readonly allDay: boolean;
}

/** A series' rule as read and its occurrences up to the horizon (the first is the event's own). */
export interface SeriesRule {
  readonly recurrence: Recurrence;
  readonly occurrences: readonly Occurrence[];
  /** Up to when the occurrences are stored, when the rule goes on past them; else null. */
  readonly storedUntil: Date | null;
}

/**
 * Recurring series (docs/behaviour.md#recurring-events): a rule read and expanded to the horizon,
 * its occurrences kept in line with it as the series is written, and series extended as the
 * horizon moves or a list reaches past it.
 */
@Injectable()
export class EventSeriesService {
  private readonly siteZone: Zone;

  constructor(
    private readonly events: EventsRepository,
    config: AppConfig,
    private readonly clock: Clock,
    private readonly changes: ChangeLog,
    private readonly unit: UnitOfWork,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  /**
   * Extends the series stored short of `due` (at most `limit` of them, the longest due first),
   * each in a unit of work of its own, to the horizon or to `reach` when later; answers how many
   * series it looked at. The horizon loop (series-horizon.ts) and lists past the horizon both
   * call it.
   */
  async extendDue(due: Date, limit: number, reach?: Date): Promise<number> {
    const ids = await this.events.seriesDue(due, limit);
    for (const id of ids) await this.unit.run(() => this.extendSeries(id, reach));
    return ids.length;
  }

  /**
   * Stores the occurrences of series `seriesId` that its rule gives up to the horizon from now
   * (or up to `reach`, when later) and that are not stored yet
   * (docs/behaviour.md#recurring-events); returns how many. Runs in the caller's unit of work,
   * the series' first row locked, so two instances extending the same series one after the
   * other find the second has nothing left to add.
   */
  async extendSeries(seriesId: number, reach?: Date): Promise<number> {
    const first = await this.events.findById(seriesId);
    if (!first || first.recurrenceUntil === null) return 0;
    if (first.seriesId !== first.id || first.status === 'trash') {
      await this.events.setSeries(seriesId, { recurrenceUntil: null });
      return 0;
    }
    const zone = this.zone(first.timezone);
    const schedule = {
      start: DateTime.fromJSDate(first.startUtc, { zone }),
      end: DateTime.fromJSDate(first.endUtc, { zone }),
      allDay: first.allDay,
    };
    const problems: ParamProblem[] = [];
    const stored = await this.events.findOccurrences(seriesId);
    const series = this.seriesRule(first.recurrence ?? [], schedule, this.clock.now(), problems, {
      reach: reach ?? storedReach(first, stored),
    });
    if (!series) {
      await this.events.setSeries(seriesId, { recurrenceUntil: null });
      return 0;
    }
    const plan = planSeries(stored, series.occurrences.slice(1));
    // Only what is new: the stored occurrences stay as they are (no edit is being made).
    await this.createOccurrences(first, plan.create);
    await this.events.setSeries(seriesId, { recurrenceUntil: series.storedUntil });
    return plan.create.length;
  }

  /**
   * Reads a series' lines for an event on `schedule` and expands them to the horizon (or to
   * `reach`); a problem with them is added to `problems` (docs/behaviour.md#recurring-events).
   * Lines a caller `sent` are also held to the occurrence limit up to their `UNTIL`.
   */
  seriesRule(
    lines: readonly string[],
    schedule: Schedule,
    now: DateTime,
    problems: ParamProblem[],
    options: { readonly reach?: Date | null; readonly sent?: boolean } = {},
  ): SeriesRule | null {
    const { reach, sent = false } = options;
    try {
      const recurrence = parseRecurrence(lines, schedule.start.zone, schedule.start);
      // Checked when a caller sends the lines: series stored before the check keep working.
      if (sent) requireWithinLimit(recurrence, schedule);
      const horizon = DateTime.max(
        now.plus({ months: RECURRENCE_LIMITS.horizonMonths }),
        schedule.start,
        ...(reach ? [DateTime.fromJSDate(reach, { zone: schedule.start.zone })] : []),
      );
      const { occurrences, continues } = expand(recurrence, schedule, horizon);
      if (occurrences[0]?.start.toMillis() !== schedule.start.toMillis()) {
        problems.push({
          param: 'recurrence',
          message: 'param.invalid',
          reason: 'reason.recurrence-first-excluded',
        });
        return null;
      }
      return { recurrence, occurrences, storedUntil: continues ? horizon.toJSDate() : null };
    } catch (error: unknown) {
      if (!(error instanceof RecurrenceError)) throw error;
      problems.push({
        param: 'recurrence',
        message: 'param.invalid',
        reason: error.reason,
        reasonArgs: error.args,
      });
      return null;
    }
  }

  /**
   * Brings the occurrences of series `seriesId` (`stored`, as `findOccurrences` read them) in
   * line with the ones its rule gives (`wanted`, its first aside), keeping their ids
   * (recurrence/series-plan.ts): those that stay
   * take their new dates and the write's `shared` columns, text and links; those an earlier rule
   * had trashed come back as copies of the first occurrence; exceptions are left as they are;
   * those the rule no longer gives go to the trash; new ones copy the first occurrence. Every
   * change is recorded as the change it is.
   */
  async syncOccurrences(
    seriesId: number,
    stored: readonly EventEntity[],
    wanted: readonly Occurrence[],
    shared: SharedColumns,
    language: Language,
    text: EventText,
    links: EventLinkWrite,
  ): Promise<void> {
    const plan = planSeries(stored, wanted);
    const now = this.clock.now().toJSDate();
    await this.events.updateMany(
      plan.update.map(({ id, occurrence }) => ({
        id,
        dates: {
          startUtc: occurrence.start.toJSDate(),
          endUtc: occurrence.end.toJSDate(),
          recurrenceId: occurrence.recurrenceId,
        },
      })),
      { ...shared, modifiedUtc: now },
      links,
      { language, text },
    );
    for (const { id } of plan.update) await this.changes.record('event', id, 'updated');
    await this.events.trashMany(plan.trash, now);
    for (const id of plan.trash) await this.changes.record('event', id, 'trashed');
    if (plan.create.length === 0 && plan.revive.length === 0) return;
    const first = await this.events.findById(seriesId);
    if (!first) throw new EventNotFoundError(seriesId);
    // Occurrences an earlier rule trashed and this one gives again come back as copies of the
    // first occurrence as it is now: edits of the series made while they were trashed reach them.
    await this.events.copyFirstTo(seriesId, plan.revive, {
      ...sharedColumns(columnsOf(first)),
      modifiedUtc: now,
    });
    await this.createOccurrences(first, plan.create);
  }

  /** Creates `occurrences` of the series whose first occurrence is `first`, copies of it. */
  private async createOccurrences(
    first: EventEntity,
    occurrences: readonly Occurrence[],
  ): Promise<void> {
    const seriesId = first.id;
    const columns = columnsOf(first);
    const slug = first.slug;
    const now = this.clock.now().toJSDate();
    const ids = await this.events.createOccurrences(
      seriesId,
      occurrences.map((occurrence) => ({
        columns: {
          ...columns,
          modifiedUtc: now,
          startUtc: occurrence.start.toJSDate(),
          endUtc: occurrence.end.toJSDate(),
          seriesId,
          recurrence: null,
          recurrenceId: occurrence.recurrenceId,
          recurrenceUntil: null,
          detached: false,
        },
        slugBase: `${slug}-${occurrence.start.toFormat('yyyy-MM-dd')}`,
      })),
    );
    for (const id of ids) await this.changes.record('event', id, 'created');
  }

  private zone(name: string): Zone {
    return resolveZone(name) ?? this.siteZone;
  }
}
