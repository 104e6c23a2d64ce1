import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIAL_TEXT_MIN,
  TestimonialInput,
  TestimonialSubmitted,
} from '../../../common/testimonials';
import { island } from '../island';

export const SUBMIT_FAILED_MESSAGE = 'Failed to submit your testimonial. Please try again.';

type Values = Record<
  | 'student_name'
  | 'instructor_context'
  | 'testimonial_text'
  | 'student_email'
  | 'student_location'
  | 'photo_url'
  | 'video_url'
  | 'website',
  string
>;

const EMPTY: Values = {
  student_name: '',
  instructor_context: '',
  testimonial_text: '',
  student_email: '',
  student_location: '',
  photo_url: '',
  video_url: '',
  website: '',
};

/** The first message for each field the shared schema refuses. */
function validate(values: Values): Partial<Record<keyof Values, string>> {
  const result = TestimonialInput.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return errors;
}

function Field({
  name,
  label,
  hint,
  required,
  type = 'text',
  multiline,
  values,
  errors,
  touched,
  onChange,
  onBlur,
}: {
  name: keyof Values;
  label: string;
  hint?: string;
  required?: boolean;
  type?: string;
  multiline?: boolean;
  values: Values;
  errors: Partial<Record<keyof Values, string>>;
  touched: Set<keyof Values>;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: (name: keyof Values) => void;
}) {
  const id = `${useId()}-${name}`;
  const error = touched.has(name) ? errors[name] : undefined;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value: values[name],
    onChange,
    onBlur: () => onBlur(name),
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className="kw-field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : <span className="kw-muted"> (optional)</span>}
      </label>
      {multiline ? <textarea rows={6} {...common} /> : <input type={type} {...common} />}
      {hint && (
        <span id={`${id}-hint`} className="kw-field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="kw-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * "Share your experience": the public testimonial form. The text's counter is live, submit stays
 * disabled while anything is invalid, and the submission waits for an administrator's approval.
 */
function Form() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Set<keyof Values>>(new Set());
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const errors = validate(values);
  const valid = Object.keys(errors).length === 0;

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues({ ...values, [event.target.name]: event.target.value });
  const handleBlur = (name: keyof Values) => setTouched(new Set(touched).add(name));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      const response = await fetch('/api/testimonials', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(values),
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const message = (body as { error?: unknown } | null)?.error;
        setOutcome({ ok: false, message: typeof message === 'string' ? message : SUBMIT_FAILED_MESSAGE });
        return;
      }
      setOutcome({ ok: true, message: TestimonialSubmitted.parse(body).message });
      setValues(EMPTY);
      setTouched(new Set());
    } catch {
      setOutcome({ ok: false, message: SUBMIT_FAILED_MESSAGE });
    } finally {
      setSending(false);
    }
  };

  const fieldProps = { values, errors, touched, onChange: handleChange, onBlur: handleBlur };
  const length = values.testimonial_text.trim().length;
  return (
    <form
      className="kw-form"
      aria-label="Share your experience"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
    >
      <Field name="student_name" label="Your name" required {...fieldProps} />
      <Field
        name="instructor_context"
        label="Training context"
        hint="What you train and with whom, e.g. “Taijiquan with Sifu Maria Alvarez, two years”"
        required
        {...fieldProps}
      />
      <Field name="testimonial_text" label="Your experience" required multiline {...fieldProps} />
      <p
        className={`kw-counter${length > 0 && (length < TESTIMONIAL_TEXT_MIN || length > TESTIMONIAL_TEXT_MAX) ? ' kw-field-error' : ''}`}
        aria-live="polite"
      >
        {length}/{TESTIMONIAL_TEXT_MAX} characters (at least {TESTIMONIAL_TEXT_MIN})
      </p>
      <div className="kw-form-row">
        <Field
          name="student_email"
          label="E-mail"
          type="email"
          hint="Never shown; only for a question about your words"
          {...fieldProps}
        />
        <Field name="student_location" label="Location" hint="e.g. Santa Rosa" {...fieldProps} />
      </div>
      <div className="kw-form-row">
        <Field name="photo_url" label="Photo URL" type="url" {...fieldProps} />
        <Field name="video_url" label="Video URL" type="url" {...fieldProps} />
      </div>
      {/* Left empty by people, who never see it; robots fill it in. */}
      <div className="kw-honeypot" aria-hidden="true">
        <label htmlFor="testimonial-website">Website</label>
        <input
          id="testimonial-website"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={handleChange}
        />
      </div>
      <button type="submit" className="kw-button kw-button-primary" disabled={!valid || sending}>
        {sending ? 'Sending…' : 'Submit testimonial'}
      </button>
      <p role="status" className={outcome?.ok ? 'kw-success-text' : 'kw-error-text'}>
        {outcome?.message}
      </p>
    </form>
  );
}

export const TestimonialForm = island('testimonial-form', Form);
export { Form as TestimonialFormView };
