import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from './test-app.js';

export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** the mails sent to one address, oldest first */
  to: (address: string) => ReceivedMail[];
  close: () => Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/%/g, '%25').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`);
  return decodeURIComponent(bytes);
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) => (kind.toUpperCase() === 'B'
    ? Buffer.from(data, 'base64').toString('utf8')
    : decodeQuotedPrintable(data.replace(/_/g, ' '))));
}

/** A small MIME reader for what nodemailer writes: the subject and the text and HTML parts. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  let html = '';
  let text = '';
  const parts = boundary ? rest.join('\n\n').split(`--${boundary}`) : [];
  for (const part of parts) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const body = decodePart(partHead, partBody.join('\n\n').trim());
    if (/content-type:\s*text\/html/i.test(partHead)) html = body;
    else if (/content-type:\s*text\/plain/i.test(partHead)) text = body;
  }
  return { to, subject, html, text, raw };
}

/** A real SMTP server on loopback (port 0 unless given) that keeps every message it receives. */
export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with the given address. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return new URL(match[0]);
}

/** A test app whose mail goes to a real SMTP server of its own on loopback. */
export async function startAppWithSmtp(tenant = 'tn'): Promise<{ t: TestApp; smtp: TestSmtp; close: () => Promise<void> }> {
  const t = await startTestApp(tenant);
  const smtp = await startSmtp();
  t.config.smtpUrl = smtp.url;
  return { t, smtp, close: async () => { await t.close(); await smtp.close(); } };
}
