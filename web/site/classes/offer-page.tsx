import { useEffect, useState } from 'react';
import { CLASS_TYPE_LABELS, type ClassOffer } from '../../../common/classes';
import { callApi } from '../components/api';
import { island } from '../island';
import { schoolDateTime } from '../../../common/school-time';
import { sessionLabel, sortedSessions } from './class-format';
import { LoadingNotice, MissingNotice } from '../components/load-state';

type State =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; offer: ClassOffer; error?: string; accepting?: boolean }
  | { kind: 'accepted'; offer: ClassOffer };

/** A freed seat offered by e-mail to the first on a class's waitlist: take it before the deadline. */
function Offer({ token, timeZone }: { token: string; timeZone: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    void callApi<{ offer: ClassOffer }>(`/api/classes/offers/${encodeURIComponent(token)}`).then((result) =>
      setState(
        result.ok
          ? { kind: 'ready', offer: result.body.offer }
          : { kind: 'missing', message: result.error ?? 'This offer is no longer available' },
      ),
    );
  }, [token]);

  const handleAccept = async (offer: ClassOffer) => {
    setState({ kind: 'ready', offer, accepting: true });
    const result = await callApi(`/api/classes/offers/${encodeURIComponent(token)}/accept`, {
      method: 'POST',
    });
    setState(
      result.ok
        ? { kind: 'accepted', offer }
        : { kind: 'ready', offer, error: result.error ?? 'The seat could not be taken. Please try again.' },
    );
  };

  if (state.kind === 'loading') return <LoadingNotice>Loading your offer…</LoadingNotice>;
  if (state.kind === 'missing')
    return (
      <MissingNotice message={state.message}>
        See the <a href="/classes">classes</a> for the places open now.
      </MissingNotice>
    );

  const { offer } = state;
  const item = offer.class;
  const open = state.kind === 'ready' && offer.status === 'offered';
  return (
    <div className="kw-card kw-offer-card">
      <p className="kw-eyebrow">{CLASS_TYPE_LABELS[item.class_type]}</p>
      <h2 className="kw-class-name">{item.class_name}</h2>
      <p>
        {item.instructor_name} · {item.location}
      </p>
      <ul className="kw-class-sessions">
        {sortedSessions(item.sessions).map((session) => (
          <li key={`${session.day_of_week}-${session.start_time}`}>{sessionLabel(session)}</li>
        ))}
      </ul>
      {state.kind === 'accepted' || offer.status === 'accepted' ? (
        <p role="status" className="kw-success-text">
          The seat is yours, {offer.name}. You are enrolled in {item.class_name}; see you in class.
        </p>
      ) : offer.status === 'expired' ? (
        <p role="alert" className="kw-error-text">
          This offer has expired, and the seat has gone to the next person on the waitlist.
        </p>
      ) : offer.status !== 'offered' ? (
        <p role="alert" className="kw-error-text">
          This offer is no longer available.
        </p>
      ) : (
        <>
          <p>
            {offer.name}, a seat has freed up and is held for you
            {offer.offer_expires_at ? (
              <>
                {' '}
                until <strong>{schoolDateTime(offer.offer_expires_at, timeZone)}</strong>
              </>
            ) : null}
            .
          </p>
          <button
            type="button"
            className="kw-button kw-button-primary kw-button-large"
            disabled={!open || state.accepting}
            onClick={() => void handleAccept(offer)}
          >
            {state.accepting ? 'Accepting…' : 'Accept seat'}
          </button>
          {state.error && (
            <p role="alert" className="kw-error-text">
              {state.error}
            </p>
          )}
        </>
      )}
    </div>
  );
}

export const ClassOfferIsland = island('class-offer', Offer);
export { Offer as ClassOfferView };

/** `/classes/offers/{token}`: the page around the offer, which only the island reads. */
export function ClassOfferPage({ token, timeZone }: { token: string; timeZone: string }) {
  return (
    <section className="kw-section" aria-labelledby="offer-title">
      <div className="kw-container kw-narrow">
        <h1 id="offer-title">Your seat in class</h1>
        <ClassOfferIsland token={token} timeZone={timeZone} />
      </div>
    </section>
  );
}
