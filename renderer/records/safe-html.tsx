import { lazy, Suspense } from 'react';

const RichTextView = lazy(() => import('../form/widgets/rich-text-view.js').then((mod) => ({ default: mod.RichTextView })));

/** Server markup shown through the rich text allow-list (never as raw HTML). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <Suspense fallback={<div className={className} aria-busy="true" />}><RichTextView html={html} className={className} /></Suspense>;
}
