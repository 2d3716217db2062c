import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import mjml2html from 'mjml';
import { htmlToText } from './html-to-text.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export type MailData = Record<string, string | number>;

const NAME = /^[a-z][a-z0-9-]*$/;

/** The template file: the tenant's override `tenants/<code>/emails/<name>.mjml`, else `metadata/emails/<name>.mjml`. */
export function templatePath(rootDir: string, tenant: string, name: string): string {
  if (!NAME.test(name)) throw new Error(`Bad e-mail template name '${name}'.`);
  const override = join(rootDir, 'tenants', tenant, 'emails', `${name}.mjml`);
  return existsSync(override) ? override : join(rootDir, 'metadata', 'emails', `${name}.mjml`);
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Replaces every `{{name}}` with its HTML-escaped value; a placeholder without a value is a programming error. */
export function fillPlaceholders(source: string, data: MailData, file: string): string {
  return source.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_m, key: string) => {
    const value = data[key];
    if (value === undefined) throw new Error(`${file}: no value for the placeholder {{${key}}}.`);
    return escapeHtml(String(value));
  });
}

/** Renders an MJML template to HTML and text; the subject is the template's `<mj-title>`. */
export async function renderMail(rootDir: string, tenant: string, name: string, data: MailData): Promise<RenderedMail> {
  const file = templatePath(rootDir, tenant, name);
  const source = fillPlaceholders(await readFile(file, 'utf8'), data, file);
  const title = /<mj-title>([\s\S]*?)<\/mj-title>/.exec(source)?.[1];
  if (!title) throw new Error(`${file}: the template needs an <mj-title> (the subject).`);
  const result = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  return { subject: htmlToText(title).replace(/\s+/g, ' ').trim(), html: result.html, text: htmlToText(result.html) };
}
