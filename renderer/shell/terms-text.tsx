/** The terms text: paragraphs separated by blank lines, shown as text (never as markup). */
export function TermsText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return <>{paragraphs.map((p, i) => <p key={i}>{p}</p>)}</>;
}
