import { describe, expect, it } from 'vitest';
import { replyProblem } from './reply-check';

const json = 'application/json; charset=utf-8';
const error = (statusCode: number) =>
  JSON.stringify({ statusCode, code: 'validation', message: 'Invalid request' });

describe('replyProblem', () => {
  it('accepts successes and well-formed 4xx errors', () => {
    expect(replyProblem({ status: 200, contentType: 'text/html', body: '<p>' })).toBeUndefined();
    expect(replyProblem({ status: 400, contentType: json, body: error(400) })).toBeUndefined();
    // Sign-in failures carry the spec's numbers as codes.
    const signin = JSON.stringify({
      statusCode: 401,
      code: 1,
      message: 'Wrong e-mail or password',
    });
    expect(replyProblem({ status: 401, contentType: json, body: signin })).toBeUndefined();
  });

  it('flags every 5xx, even a well-formed one', () => {
    expect(replyProblem({ status: 500, contentType: json, body: error(500) })).toMatch(/500/);
    expect(replyProblem({ status: 504, contentType: json, body: error(504) })).toMatch(/504/);
  });

  it('flags 4xx replies the console cannot read', () => {
    const cases = [
      { status: 400, contentType: 'text/plain', body: 'Bad Request' },
      { status: 404, contentType: json, body: '{"statusCode":404' },
      { status: 413, contentType: json, body: '{"error":"Payload Too Large"}' },
      { status: 414, contentType: json, body: error(400) },
      {
        status: 400,
        contentType: json,
        body: '{"statusCode":400,"code":"FST_ERR_BAD_URL","message":"x"}',
      },
      { status: 400, contentType: json, body: '{"statusCode":400,"code":"nope","message":"x"}' },
    ];
    for (const reply of cases) expect(replyProblem(reply), reply.body).toBeDefined();
  });
});
