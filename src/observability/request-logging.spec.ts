import { loggedError, loggedPath } from './request-logging';

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

describe('loggedError', () => {
  it('keeps the kind, codes and frames, and never the body, SQL or values an error carries', () => {
    const error = Object.assign(new Error("Duplicate entry 'hunter2' for key 'slug'"), {
      code: 'ER_DUP_ENTRY',
      errno: 1062,
      body: 'title=x&password=hunter2',
      query: "INSERT INTO users (password) VALUES ('hash')",
      parameters: ['$argon2id$secret-hash'],
    });
    const logged = loggedError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      message: "Duplicate entry '?' for key '?'",
      code: 'ER_DUP_ENTRY',
      errno: 1062,
    });
    expect(logged.stack).toMatch(/^\s+at /);
    expect(JSON.stringify(logged)).not.toMatch(/hunter2|secret-hash|INSERT|password/);
  });

  it('cuts long messages and names what is not an Error', () => {
    expect(loggedError(new Error('x'.repeat(2000))).message).toHaveLength(501);
    expect(loggedError('text')).toEqual({ type: 'string', message: '[not an Error]' });
  });
});
