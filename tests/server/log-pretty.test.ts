import { describe, expect, it } from 'vitest';
import { prettyLogLine, prettyLogStream } from '../../server/log-pretty.js';

describe('readable log lines on a terminal', () => {
  it.each([
    [{ level: 30, time: 0, msg: 'Server listening at http://127.0.0.1:3000' }, /^\d\d:\d\d:\d\d INFO {2}Server listening at http:\/\/127\.0\.0\.1:3000$/],
    [{ level: 30, time: 0, msg: 'incoming request', reqId: 'req-1', req: { method: 'GET', url: '/api/health' } }, /INFO {2}incoming request GET \/api\/health \(req-1\)$/],
    [{ level: 30, time: 0, msg: 'request completed', reqId: 'req-1', res: { statusCode: 200 }, responseTime: 2.345 }, /INFO {2}request completed 200 2\.3 ms \(req-1\)$/],
    [{ level: 50, time: 0, msg: 'boom', err: { message: 'boom', stack: 'Error: boom\n    at x' } }, /ERROR boom\nError: boom\n {4}at x$/],
  ])('%j', (record, expected) => {
    expect(prettyLogLine(JSON.stringify(record))).toMatch(expected);
  });

  it('passes a line that is not JSON through', () => {
    expect(prettyLogLine('plain words')).toBe('plain words');
  });

  it('writes one pretty line per JSON line', () => {
    const out: string[] = [];
    const stream = prettyLogStream({ write: (s: string) => { out.push(s); return true; } } as unknown as NodeJS.WritableStream);
    stream.write(`${JSON.stringify({ level: 40, time: 0, msg: 'a' })}\n${JSON.stringify({ level: 30, time: 0, msg: 'b' })}\n`);
    expect(out.map((l) => l.slice(9))).toEqual(['WARN  a\n', 'INFO  b\n']);
  });
});
