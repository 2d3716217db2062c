import { useLayoutEffect, useRef } from 'react';
import { safeNodes } from '../form/widgets/rich-text-dom.js';

/** Server markup shown through the rich text allowlist (never as raw HTML). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(...safeNodes(html, document));
  }, [html]);
  return <div ref={ref} className={className} />;
}
