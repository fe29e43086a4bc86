import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerFormBody } from './body-parsers';

describe('form-urlencoded bodies', () => {
  it('parses nested keys as the spec request helper sends them', async () => {
    const app = Fastify();
    registerFormBody(app);
    app.post('/echo', async (req) => req.body);
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a[0][b]=1&a[1][b]=%E4%B8%AD&c=x&_t=123',
    });
    expect(res.json()).toEqual({ a: [{ b: '1' }, { b: '中' }], c: 'x', _t: '123' });
  });
});
