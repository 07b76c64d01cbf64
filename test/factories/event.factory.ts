import { DateTime } from 'luxon';
import request from 'supertest';
import type { App } from 'supertest/types';
import { bearer } from '../setup/auth';

/** A create-event body with sensible defaults: tomorrow 19:00–21:00 UTC. */
export function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = DateTime.utc().plus({ days: 1 }).set({ hour: 19, minute: 0, second: 0 });
  return {
    title: 'Concert in the park',
    start_date: start.toFormat('yyyy-MM-dd HH:mm:ss'),
    end_date: start.plus({ hours: 2 }).toFormat('yyyy-MM-dd HH:mm:ss'),
    timezone: 'UTC',
    ...overrides,
  };
}

export interface CreatedEvent {
  id: number;
  slug: string;
  [key: string]: unknown;
}

/** Creates an event through the API and returns its representation. */
export async function createEvent(
  http: App,
  overrides: Record<string, unknown> = {},
  query = '',
): Promise<CreatedEvent> {
  const response = await request(http)
    .post(`/calendar/events/v1/events${query}`)
    .set('Authorization', await bearer('administrator'))
    .send(eventBody(overrides))
    .expect(201);
  return response.body as CreatedEvent;
}

/** `YYYY-MM-DD HH:MM:SS` of a UTC instant `days` from now at `hour`:00. */
export function utcAt(days: number, hour: number): string {
  return DateTime.utc()
    .plus({ days })
    .set({ hour, minute: 0, second: 0 })
    .toFormat('yyyy-MM-dd HH:mm:ss');
}
