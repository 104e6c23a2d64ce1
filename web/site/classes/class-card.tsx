import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  CLASS_MESSAGES,
  CLASS_TYPE_COLORS,
  CLASS_TYPE_LABELS,
  toEmbedUrl,
  type Class,
} from '../../../common/classes';
import { priceLabel, sessionLabel, sortedSessions } from './class-format';

/**
 * One class as the classes page shows it. The front holds the facts; the Media button turns
 * the card over to its video, whose frame is only made (and so only loads) while it is showing.
 * `actions` are the buttons for signing up, which the list supplies.
 */
export function ClassCard({ item, actions }: { item: Class; actions?: ReactNode }) {
  const id = useId();
  const [flipped, setFlipped] = useState(false);
  const [described, setDescribed] = useState(false);
  const embed = toEmbedUrl(item.video_embed_url);
  const mediaButton = useRef<HTMLButtonElement>(null);
  const backButton = useRef<HTMLButtonElement>(null);
  const turned = useRef(false);
  useEffect(() => {
    // Focus follows the turn, so a keyboard user lands on the face they asked for.
    if (!turned.current) return;
    (flipped ? backButton : mediaButton).current?.focus();
  }, [flipped]);
  const turn = (next: boolean) => {
    turned.current = true;
    setFlipped(next);
  };
  const titleId = `${id}-title`;

  if (flipped && embed)
    return (
      <article className="kw-card kw-class-card kw-class-card-back" aria-labelledby={titleId}>
        <h3 id={titleId} className="kw-class-name">
          {item.class_name}
        </h3>
        <div className="kw-embed">
          <iframe
            src={embed}
            title={`${item.class_name}: video`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            loading="lazy"
          />
        </div>
        <button
          ref={backButton}
          type="button"
          className="kw-button kw-button-outline"
          onClick={() => turn(false)}
        >
          Back to details
        </button>
      </article>
    );

  return (
    <article className="kw-card kw-class-card" aria-labelledby={titleId}>
      <div className="kw-class-top">
        <span className={`kw-badge kw-badge-${CLASS_TYPE_COLORS[item.class_type]}`}>
          {CLASS_TYPE_LABELS[item.class_type]}
        </span>
        <span className="kw-class-price">{priceLabel(item.price)}</span>
      </div>
      <h3 id={titleId} className="kw-class-name">
        {item.class_name}
      </h3>
      <p className="kw-class-focus">{item.skill_focus}</p>
      {item.requires_membership && (
        <p>
          <span className="kw-badge kw-badge-gold">{CLASS_MESSAGES.membershipRequired}</span>
        </p>
      )}
      <dl className="kw-class-facts">
        <div>
          <dt>Instructor</dt>
          <dd>{item.instructor_name}</dd>
        </div>
        <div>
          <dt>Weekly sessions</dt>
          <dd>
            <ul className="kw-class-sessions">
              {sortedSessions(item.sessions).map((session) => (
                <li key={`${session.day_of_week}-${session.start_time}`}>
                  {`${sessionLabel(session)} (${item.class_duration} min)`}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{item.location}</dd>
        </div>
        <div>
          <dt>Enrolled</dt>
          <dd>
            {`${item.current_enrollment}/${item.max_capacity}`}
            {item.is_full && <span className="kw-muted"> · Full</span>}
          </dd>
        </div>
        <div>
          <dt>Ages</dt>
          <dd>{item.age_restrictions}</dd>
        </div>
      </dl>
      {item.description && (
        <div className="kw-class-description">
          <button
            type="button"
            className="kw-text-button"
            aria-expanded={described}
            aria-controls={`${id}-description`}
            onClick={() => setDescribed(!described)}
          >
            {described ? 'Hide description' : 'Show description'}
          </button>
          <p id={`${id}-description`} hidden={!described}>
            {item.description}
          </p>
        </div>
      )}
      <div className="kw-class-actions">
        {embed && (
          <button
            ref={mediaButton}
            type="button"
            className="kw-button kw-button-outline"
            aria-label={`Media: ${item.class_name}`}
            onClick={() => turn(true)}
          >
            Media
          </button>
        )}
        {actions}
      </div>
    </article>
  );
}
