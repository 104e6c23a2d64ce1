import { useEffect, useId, useState, type FormEvent } from 'react';
import { CLASS_MESSAGES, INTEREST_AUTO_CLOSE_MS, type InterestResponse } from '../../../common/classes';
import { callApi } from '../components/api';
import { Dialog } from '../components/dialog';
import { FieldLabel } from '../components/field-label';

export type InterestKind = 'interest' | 'waitlist';

const EMPTY = { name: '', email: '', phone: '', website: '' };

/**
 * Express Interest (a class with room) or Join Waitlist (a full one): name and e-mail required,
 * phone optional. On success the message shows and the dialog closes itself after
 * INTEREST_AUTO_CLOSE_MS. The caller gives each opening a new key, so each starts empty.
 */
export function InterestDialog({
  classId,
  className,
  kind,
  open,
  onClose,
}: {
  classId: string;
  className: string;
  kind: InterestKind;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = window.setTimeout(onClose, INTEREST_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onClose]);

  const title = kind === 'waitlist' ? 'Join Waitlist' : 'Express Interest';
  const blank = values.name.trim() === '' || values.email.trim() === '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || sending) return;
    setSending(true);
    setOutcome(null);
    const result = await callApi<InterestResponse>(`/api/classes/${classId}/interest`, {
      method: 'POST',
      body: values,
    });
    setSending(false);
    if (result.ok) {
      const fallback =
        result.body.kind === 'waitlist' ? CLASS_MESSAGES.waitlistJoined : CLASS_MESSAGES.interestJoined;
      const position = result.body.position ? ` Your place on the waitlist: ${result.body.position}.` : '';
      setOutcome({ ok: true, message: `${result.body.message || fallback}${position}` });
    } else {
      const fallback = kind === 'waitlist' ? CLASS_MESSAGES.waitlistFailed : CLASS_MESSAGES.interestFailed;
      setOutcome({ ok: false, message: result.error ?? fallback });
    }
  };

  const field = (name: 'name' | 'email' | 'phone', label: string, type: string, required: boolean) => (
    <div className="kw-field">
      <FieldLabel htmlFor={`${id}-${name}`} required={required}>
        {label}
      </FieldLabel>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        required={required}
        autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'tel'}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
    </div>
  );

  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <form className="kw-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <p className="kw-muted">
          {kind === 'waitlist'
            ? `${className} is full. Leave your details and we will e-mail you when a seat frees up.`
            : `Leave your details and we will tell you about ${className}.`}
        </p>
        {field('name', 'Full name', 'text', true)}
        {field('email', 'E-mail', 'email', true)}
        {field('phone', 'Phone', 'tel', false)}
        {/* Left empty by people, who never see it; robots fill it in. */}
        <div className="kw-honeypot" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Website</label>
          <input
            id={`${id}-website`}
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(event) => setValues({ ...values, website: event.target.value })}
          />
        </div>
        <p role="status" className={outcome?.ok ? 'kw-success-text' : 'kw-error-text'}>
          {outcome?.message}
        </p>
        <div className="kw-dialog-actions">
          <button type="button" className="kw-button kw-button-outline" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="kw-button kw-button-primary"
            disabled={blank || sending || outcome?.ok === true}
          >
            {sending ? 'Sending…' : title}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
