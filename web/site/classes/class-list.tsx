import { useCallback, useEffect, useState } from 'react';
import type { Class, MemberClass, MemberClassesResponse, MemberClassResponse } from '../../../common/classes';
import { callApi, storedSession } from '../components/api';
import { island } from '../island';
import { schoolDateTime } from '../../../common/school-time';
import { ClassCard } from './class-card';
import { InterestDialog, type InterestKind } from './interest-dialog';

type Notice = { classId: string; ok: boolean; message: string };

function MemberStatus({ entry, timeZone }: { entry: MemberClass; timeZone: string }) {
  if (entry.status === 'enrolled') return <p className="kw-success-text">You are enrolled in this class.</p>;
  if (entry.status === 'offered')
    return (
      <p className="kw-success-text">
        A seat is held for you
        {entry.offer_expires_at ? ` until ${schoolDateTime(entry.offer_expires_at, timeZone)}` : ''}; take it
        from the link in your e-mail.
      </p>
    );
  return (
    <p className="kw-muted">
      You are on the waitlist{entry.waitlist_position ? `: number ${entry.waitlist_position}` : ''}.
    </p>
  );
}

/**
 * The published classes with what a visitor can do on each: the interest list or the waitlist
 * when the class keeps one, and for a signed-in member Enrol / Leave class and their place.
 */
function ClassList({ classes: initial, timeZone }: { classes: Class[]; timeZone: string }) {
  const [classes, setClasses] = useState(initial);
  const [member, setMember] = useState<Map<string, MemberClass> | null>(null);
  const [dialog, setDialog] = useState<{ item: Class; kind: InterestKind } | null>(null);
  // Each opening is a new form; the count stays when it closes, so the browser can return focus.
  const [openings, setOpenings] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    const session = storedSession();
    if (!session) return;
    void callApi<MemberClassesResponse>(`/api/users/${session.userId}/classes`, { auth: true }).then(
      (result) => {
        if (result.ok) setMember(new Map(result.body.classes.map((entry) => [entry.class.id, entry])));
      },
    );
  }, []);

  const handleEnrol = async (item: Class, leave: boolean) => {
    setBusy(item.id);
    setNotice(null);
    const result = await callApi<MemberClassResponse>(`/api/classes/${item.id}/enroll`, {
      method: leave ? 'DELETE' : 'POST',
      auth: true,
    });
    setBusy(null);
    if (!result.ok) {
      setNotice({
        classId: item.id,
        ok: false,
        message: result.error ?? 'That did not work. Please try again.',
      });
      return;
    }
    const { entry, message } = result.body;
    setNotice({ classId: item.id, ok: true, message });
    setMember((current) => {
      const next = new Map(current);
      if (entry) next.set(item.id, entry);
      else next.delete(item.id);
      return next;
    });
    if (entry) setClasses((list) => list.map((c) => (c.id === item.id ? entry.class : c)));
    else
      setClasses((list) =>
        list.map((c) =>
          c.id === item.id && leave
            ? { ...c, current_enrollment: Math.max(0, c.current_enrollment - 1), is_full: false }
            : c,
        ),
      );
  };

  const closeDialog = useCallback(() => setDialog(null), []);

  return (
    <>
      <ul className="kw-class-grid" role="list">
        {classes.map((item) => {
          const entry = member?.get(item.id);
          const kind: InterestKind = item.is_full ? 'waitlist' : 'interest';
          return (
            <li key={item.id}>
              <ClassCard
                item={item}
                actions={
                  <>
                    {item.waitlist_enabled && !entry && (
                      <button
                        type="button"
                        className="kw-button kw-button-outline"
                        aria-label={`${item.is_full ? 'Waitlist Available' : 'Interest List'}: ${item.class_name}`}
                        onClick={() => {
                          setOpenings(openings + 1);
                          setDialog({ item, kind });
                        }}
                      >
                        {item.is_full ? 'Waitlist Available' : 'Interest List'}
                      </button>
                    )}
                    {member && !entry && (!item.is_full || item.waitlist_enabled) && (
                      <button
                        type="button"
                        className="kw-button kw-button-primary"
                        aria-label={`${item.is_full ? 'Join waitlist' : 'Enrol'}: ${item.class_name}`}
                        disabled={busy === item.id}
                        onClick={() => void handleEnrol(item, false)}
                      >
                        {item.is_full ? 'Join waitlist' : 'Enrol'}
                      </button>
                    )}
                    {entry && entry.status !== 'offered' && (
                      <button
                        type="button"
                        className="kw-button kw-button-outline"
                        aria-label={`${entry.status === 'enrolled' ? 'Leave class' : 'Leave waitlist'}: ${item.class_name}`}
                        disabled={busy === item.id}
                        onClick={() => void handleEnrol(item, true)}
                      >
                        {entry.status === 'enrolled' ? 'Leave class' : 'Leave waitlist'}
                      </button>
                    )}
                    {entry && <MemberStatus entry={entry} timeZone={timeZone} />}
                    {notice?.classId === item.id && (
                      <p role="status" className={notice.ok ? 'kw-success-text' : 'kw-error-text'}>
                        {notice.message}
                      </p>
                    )}
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
      <InterestDialog
        key={openings}
        classId={dialog?.item.id ?? ''}
        className={dialog?.item.class_name ?? ''}
        kind={dialog?.kind ?? 'interest'}
        open={dialog !== null}
        onClose={closeDialog}
      />
    </>
  );
}

export const ClassListIsland = island('class-list', ClassList);
export { ClassList as ClassListView };
