import type { ReactNode } from 'react';

/** What a page opened from a link shows while it reads the record the link names. */
export function LoadingNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="kw-muted">
      {children}
    </p>
  );
}

/** What it shows when the link names no record: the reason, and where to go instead. */
export function MissingNotice({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="kw-empty" role="alert">
      <p className="kw-empty-title">{message}</p>
      <p>{children}</p>
    </div>
  );
}
