import { useId, useState, type ReactNode } from 'react';

interface AccordionSectionProps {
  title: string;
  /** the heading level of the accordion buttons on this screen */
  level: 2 | 3 | 4;
  defaultOpen?: boolean;
  /** held by the screen (e.g. one section open at a time): whether it is open, and the toggle */
  open?: boolean;
  onToggle?: () => void;
  children: ReactNode;
}

/** One USWDS accordion section: a heading button that shows or hides its content; closed content is not rendered. */
export function AccordionSection({ title, level, defaultOpen = false, open: held, onToggle, children }: AccordionSectionProps) {
  const [own, setOwn] = useState(defaultOpen);
  const open = held ?? own;
  const id = useId();
  const Heading = `h${level}` as const;
  return (
    <>
      <Heading className="usa-accordion__heading">
        <button type="button" className="usa-accordion__button" aria-expanded={open} aria-controls={id} onClick={() => (onToggle ? onToggle() : setOwn((o) => !o))}>{title}</button>
      </Heading>
      <div id={id} className="usa-accordion__content registry-accordion__content" hidden={!open}>
        {open && children}
      </div>
    </>
  );
}
