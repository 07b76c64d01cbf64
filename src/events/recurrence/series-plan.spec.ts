import { DateTime } from 'luxon';
import type { Occurrence } from './recurrence';
import { planSeries, StoredOccurrence } from './series-plan';

function occurrence(recurrenceId: string): Occurrence {
  const start = DateTime.fromFormat(recurrenceId, "yyyyMMdd'T'HHmmss", { zone: 'utc' });
  return { recurrenceId, start, end: start.plus({ hours: 1 }) };
}

function stored(id: number, recurrenceId: string, extra: Partial<StoredOccurrence> = {}) {
  return { id, recurrenceId, status: 'publish', detached: false, ...extra };
}

describe('planSeries', () => {
  it('keeps ids by original start, then by day when the time of day moved', () => {
    const plan = planSeries(
      [stored(11, '20270111T100000'), stored(12, '20270118T100000')],
      [occurrence('20270111T100000'), occurrence('20270118T120000')],
    );
    expect(plan.update.map((u) => [u.id, u.occurrence.recurrenceId])).toEqual([
      [11, '20270111T100000'],
      [12, '20270118T120000'],
    ]);
    expect(plan.create).toEqual([]);
    expect(plan.trash).toEqual([]);
  });

  it('trashes what the rule no longer gives and creates what is new', () => {
    const plan = planSeries(
      [stored(11, '20270111T100000'), stored(12, '20270118T100000')],
      [occurrence('20270118T100000'), occurrence('20270125T100000')],
    );
    expect(plan.update.map((u) => u.id)).toEqual([12]);
    expect(plan.create.map((o) => o.recurrenceId)).toEqual(['20270125T100000']);
    expect(plan.trash).toEqual([11]);
  });

  it('leaves exceptions alone: changed or trashed on their own, given by the rule or not', () => {
    const plan = planSeries(
      [
        stored(11, '20270111T100000', { detached: true }),
        stored(12, '20270118T100000', { status: 'trash', detached: true }),
        stored(13, '20270201T100000', { detached: true }),
      ],
      [occurrence('20270111T100000'), occurrence('20270118T100000')],
    );
    expect(plan).toEqual({ update: [], create: [], trash: [], revive: [] });
  });

  it('revives an occurrence an earlier rule trashed once the rule gives it again', () => {
    const plan = planSeries(
      [
        stored(11, '20270111T100000', { status: 'trash' }),
        stored(12, '20270118T100000', { status: 'trash' }),
      ],
      [occurrence('20270111T100000')],
    );
    expect(plan.update.map((u) => u.id)).toEqual([11]);
    expect(plan.revive).toEqual([11]);
    // Not given and in the trash already: nothing to do.
    expect(plan.trash).toEqual([]);
    expect(plan.create).toEqual([]);
  });
});
