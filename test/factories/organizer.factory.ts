import request from 'supertest';
import type { App } from 'supertest/types';
import { bearer } from '../setup/auth';

export const ORGANIZERS = '/calendar/events/v1/organizers';

/** A create-organizer body with contact details, plus the fields a test cares about. */
export function organizerBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    organizer: 'Mountain Sounds Collective',
    phone: '555-0210',
    website: 'https://mountain-sounds.example.test',
    email: 'hello@mountain-sounds.example.test',
    ...overrides,
  };
}

export interface CreatedOrganizer {
  id: number;
  slug: string;
  organizer: string;
  [key: string]: unknown;
}

/** Creates an organizer through the API (201) and returns its representation. */
export async function createOrganizer(
  http: App,
  overrides: Record<string, unknown> = {},
  query = '',
): Promise<CreatedOrganizer> {
  const response = await request(http)
    .post(`${ORGANIZERS}${query}`)
    .set('Authorization', await bearer('administrator'))
    .send(organizerBody(overrides))
    .expect(201);
  return response.body as CreatedOrganizer;
}
