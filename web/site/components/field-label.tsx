import type { ReactNode } from 'react';

/** A form field's label, marked required (a star, hidden from screen readers) or "(optional)". */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      {required ? <span aria-hidden="true"> *</span> : <span className="kw-muted"> (optional)</span>}
    </label>
  );
}
