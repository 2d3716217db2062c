import type { Page } from 'playwright-core';

/** Clicks Add New and waits, inside the page, until the given element is in the document and painted. */
export function measureFormOpen(page: Page, lastElementId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Add New'));
    if (!button) throw new Error('no Add New button');
    const t0 = performance.now();
    button.click();
    while (!document.getElementById(id)) await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return performance.now() - t0;
  }, lastElementId);
}

/** Types one character into a text input the way a person does (input event) and waits for the next frame. */
export function measureKeystroke(page: Page, inputId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (!input) throw new Error(`no input ${id}`);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    setter.call(input, `${input.value}x`);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return performance.now() - t0;
  }, inputId);
}

/** (No named inner functions: the page does not have the bundler's helpers.) Clicks a pager button and waits until the first row shows another record. */
export function measureGridPage(page: Page, buttonName: string): Promise<number> {
  return page.evaluate(async (name) => {
    const button = document.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement | null;
    if (!button) throw new Error(`no ${name} button`);
    const before = document.querySelector('tbody tr')?.textContent ?? '';
    const t0 = performance.now();
    button.click();
    while ((document.querySelector('tbody tr')?.textContent ?? '') === before || document.querySelectorAll('tbody tr').length < 25) await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return performance.now() - t0;
  }, buttonName);
}
