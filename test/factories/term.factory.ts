import request from 'supertest';
import type { App } from 'supertest/types';
import { bearer } from '../setup/auth';
import { createEvent, CreatedEvent } from './event.factory';

export const CATEGORIES = '/calendar/events/v1/categories';
export const TAGS = '/calendar/events/v1/tags';

export interface CreatedTerm {
  id: number;
  name: string;
  slug: string;
  parent?: number;
  [key: string]: unknown;
}

let sequence = 0;

async function createTerm(
  http: App,
  collection: string,
  overrides: Record<string, unknown>,
  query: string,
): Promise<CreatedTerm> {
  sequence += 1;
  const response = await request(http)
    .post(`${collection}${query}`)
    .set('Authorization', await bearer('administrator'))
    .send({ name: `Term ${sequence}`, ...overrides })
    .expect(201);
  return response.body as CreatedTerm;
}

/** Creates a category through the API (a unique name unless given) and returns it. */
export async function createCategory(
  http: App,
  overrides: Record<string, unknown> = {},
  query = '',
): Promise<CreatedTerm> {
  return createTerm(http, CATEGORIES, overrides, query);
}

/** Creates a tag through the API (a unique name unless given) and returns it. */
export async function createTag(
  http: App,
  overrides: Record<string, unknown> = {},
  query = '',
): Promise<CreatedTerm> {
  return createTerm(http, TAGS, overrides, query);
}

/** Creates an event linked to the given categories and tags (ids), through the events API. */
export async function createEventWithTerms(
  http: App,
  terms: { categories?: number[]; tags?: number[] },
  overrides: Record<string, unknown> = {},
): Promise<CreatedEvent> {
  return createEvent(http, { ...overrides, ...terms });
}
