import { MovedError } from './domain-error';

describe('MovedError.location', () => {
  const sut = new MovedError('eventMoved', 150, 1207);

  it.each([
    ['/calendar/events/v1/events/150', '/calendar/events/v1/events/1207'],
    ['/calendar/events/v1/events/150/', '/calendar/events/v1/events/1207/'],
    [
      '/calendar/events/v1/events/150?i18n_language=ca',
      '/calendar/events/v1/events/1207?i18n_language=ca',
    ],
    ['/calendar/events/v1/events/150.ics?x=150', '/calendar/events/v1/events/1207.ics?x=150'],
    ['/gateway/150/events/150', '/gateway/150/events/1207'],
  ])('points %s to %s', (path, location) => {
    expect(sut.location(path)).toBe(location);
  });
});
