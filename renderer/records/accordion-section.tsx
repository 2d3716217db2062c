import { useId, useState, type ReactNode } from 'react';

interface AccordionSectionProps {
  title: string;
  /** the heading level of the accordion buttons on this screen */
  level: 2 | 3 | 4;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** One USWDS accordion section: a heading button that shows or hides its content; closed content is not rendered. */
export function AccordionSection({ title, level, defaultOpen = false, children }: AccordionSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <>
      <Heading className="usa-accordion__heading">
        <button type="button" className="usa-accordion__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>{title}</button>
      </Heading>
      <div id={id} className="usa-accordion__content registry-accordion__content" hidden={!open}>
        {open && children}
      </div>
    </>
  );
}
