import request from 'supertest';
import type { App } from 'supertest/types';
import { bearer } from '../setup/auth';

export const VENUES = '/calendar/events/v1/venues';

/** A create-venue body with a full address in Denver, plus the fields a test cares about. */
export function venueBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    venue: 'Bluebird Theater',
    address: '3317 E Colfax Ave',
    city: 'Denver',
    country: 'United States',
    state: 'CO',
    zip: '80206',
    phone: '303-377-1666',
    website: 'https://bluebird.example.test',
    ...overrides,
  };
}

export interface CreatedVenue {
  id: number;
  slug: string;
  venue: string;
  [key: string]: unknown;
}

/** Creates a venue through the API (201) and returns its representation. */
export async function createVenue(
  http: App,
  overrides: Record<string, unknown> = {},
  query = '',
): Promise<CreatedVenue> {
  const response = await request(http)
    .post(`${VENUES}${query}`)
    .set('Authorization', await bearer('administrator'))
    .send(venueBody(overrides))
    .expect(201);
  return response.body as CreatedVenue;
}
