import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the browser's own `<dialog>`: shown with showModal(), the rest of the page is
 * inert (so focus stays inside), Escape closes it, and focus returns to what opened it. The
 * title names it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  role = 'dialog',
  wide,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`kw-dialog${wide ? ' kw-dialog-wide' : ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      // Named by its title as a label, not by reference: the dialog element is rendered on the
      // server, its content only in the browser, and useId differs between the two trees.
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="kw-dialog-body">
          <div className="kw-dialog-head">
            <h2 className="kw-dialog-title">{title}</h2>
            <button type="button" className="kw-icon-button" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
