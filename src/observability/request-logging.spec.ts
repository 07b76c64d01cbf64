import { loggedPath } from './request-logging';

describe('loggedPath', () => {
  it('replaces the values of secret query parameters, wherever they stand', () => {
    expect(loggedPath('/calendar/events/v1/events?password=hunter2&per_page=2')).toBe(
      '/calendar/events/v1/events?password=[Redacted]&per_page=2',
    );
    expect(loggedPath('/x?a=1&Token=abc&access_token=def')).toBe(
      '/x?a=1&Token=[Redacted]&access_token=[Redacted]',
    );
  });

  it('keeps other parameters, and cuts very long paths', () => {
    expect(loggedPath('/x?passwords=kept&search=password')).toBe(
      '/x?passwords=kept&search=password',
    );
    expect(loggedPath(`/x?q=${'a'.repeat(5000)}`)).toHaveLength(2049);
    expect(loggedPath(undefined)).toBe('');
  });
});
