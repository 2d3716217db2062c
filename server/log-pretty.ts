/** Human-readable log lines for a terminal; a JSON log line is turned into `time LEVEL message details`. */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

export function prettyLogLine(json: string): string {
  let r: LogRecord;
  try {
    r = JSON.parse(json) as LogRecord;
  } catch {
    return json;
  }
  const time = new Date(r.time ?? Date.now()).toTimeString().slice(0, 8);
  const parts = [time, (LEVELS[r.level ?? 30] ?? String(r.level)).padEnd(5), r.msg ?? ''];
  if (r.req?.method) parts.push(`${r.req.method} ${r.req.url ?? ''}`);
  if (r.res?.statusCode !== undefined) parts.push(String(r.res.statusCode));
  if (typeof r.responseTime === 'number') parts.push(`${r.responseTime.toFixed(1)} ms`);
  if (r.reqId) parts.push(`(${r.reqId})`);
  const line = parts.filter((p) => p !== '').join(' ');
  return r.err?.stack ? `${line}\n${r.err.stack}` : line;
}

/** A destination for the server's logger that writes pretty lines to `out`. */
export function prettyLogStream(out: NodeJS.WritableStream): { write: (chunk: string) => void } {
  return {
    write: (chunk) => {
      for (const line of chunk.split('\n')) if (line.trim()) out.write(`${prettyLogLine(line)}\n`);
    },
  };
}
