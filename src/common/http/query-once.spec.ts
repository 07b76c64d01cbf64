import express from 'express';
import request from 'supertest';
import { queryParsedOnce } from './query-once';

describe('queryParsedOnce', () => {
  it('parses a query once however often it is read, to the same values as Express', async () => {
    const app = express();
    app.set('query parser', 'extended');
    let parses = 0;
    const parse = app.get('query parser fn') as (text: string) => unknown;
    app.set('query parser fn', (text: string) => {
      parses += 1;
      return parse(text);
    });
    app.use(queryParsedOnce);
    app.get('/', (req, res) => {
      const first = req.query;
      res.json({ same: first === req.query, query: req.query });
    });

    const response = await request(app).get('/?a=1&b[]=2&b[]=3&search=jazz');

    expect(response.body).toEqual({ same: true, query: { a: '1', b: ['2', '3'], search: 'jazz' } });
    expect(parses).toBe(1);
  });
});
