import type { ReactNode } from 'react';

interface SectionProps {
  /** The heading's id: the section is labelled by its heading. */
  titleId: string;
  title: ReactNode;
  /** The section's own id, where a link jumps to it. */
  id?: string;
  /** Classes beside `kw-section`: `kw-section-tint`, `kw-vision`. */
  variant?: string;
  /** Classes beside `kw-container`: `kw-narrow`. */
  layout?: string;
  children: ReactNode;
}

const classes = (base: string, more?: string) => (more ? `${base} ${more}` : base);

/** A band of a public page under its own heading. */
export function Section({ titleId, title, id, variant, layout, children }: SectionProps) {
  return (
    <section id={id} className={classes('kw-section', variant)} aria-labelledby={titleId}>
      <div className={classes('kw-container', layout)}>
        <h2 id={titleId} className="kw-section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
