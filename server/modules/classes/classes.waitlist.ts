import { z } from 'zod';
import {
  CLASS_FULL_MESSAGE,
  CLASS_MESSAGES,
  INTEREST_SUBMIT_LIMIT,
  OFFER_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_HOURS,
  type Class,
  type ClassOffer,
  type InterestResponse,
  type MemberClassResponse,
} from '../../../common/classes';
import { publicUrl } from '../../config';
import type { Platform } from '../../platform';
import { conflict, notFound } from '../../platform/errors';
import { caughtByHoneypot } from '../../platform/honeypot';
import { hashToken, newToken } from '../../platform/tokens';
import { classMails } from './classes.mail';
import { iso } from './classes.present';
import type { ClassesRepo, ClassRow, SignupRow } from './classes.repo';

/** The job that ends an unanswered offer of a seat and offers it to the next person waiting. */
export const OFFER_EXPIRY_JOB = 'classes.offer-expiry';
const OfferExpiry = z.object({ signupId: z.uuid() });

const classFull = () => conflict(CLASS_FULL_MESSAGE, 'CLASS_FULL');
const offerNotFound = () => notFound(OFFER_NOT_FOUND_MESSAGE, 'OFFER_NOT_FOUND');

/** Whether a class has a free seat now (enrolled plus held offers below capacity). */
export const hasRoom = (row: ClassRow) => row.enrolled + row.held < row.max_capacity;

/**
 * The interest list and the waitlist: sign-ups, and the offer of each freed seat to the oldest
 * person waiting, by an e-mailed link that expires through a queued job.
 */
export function createWaitlist(
  platform: Platform,
  repo: ClassesRepo,
  deps: {
    loadRow: (id: string, options: { drafts: boolean }) => Promise<ClassRow>;
    load: (id: string) => Promise<Class>;
    lockKey: (classId: string) => string;
  },
) {
  const { loadRow, load, lockKey } = deps;
  const now = () => platform.clock.now();
  const timeZone = platform.config.SCHOOL_TIMEZONE;
  const mails = classMails(publicUrl(platform.config));

  /**
   * Offers every free seat to the oldest person waiting, one offer per seat: each is held for
   * WAITLIST_OFFER_HOURS, e-mailed with its link, and its expiry queued. Runs under the class's lock.
   */
  async function offerFreeSeats(classId: string): Promise<void> {
    for (;;) {
      const row = await repo.findClass(classId, now());
      if (!row || row.enrolled + row.held >= row.max_capacity) return;
      const next = await repo.nextWaiting(classId);
      if (!next) return;
      const token = newToken();
      const expiresAt = new Date(now().getTime() + WAITLIST_OFFER_HOURS * 3_600_000);
      if (!(await repo.markOffered(next.id, hashToken(token), expiresAt, now()))) return;
      await platform.mailer.send({
        to: next.email,
        ...mails.offer(row, next.name, token, expiresAt, timeZone),
      });
      await offerExpiryJob.enqueue(
        { signupId: next.id },
        { runAt: expiresAt, dedupeKey: `${OFFER_EXPIRY_JOB}:${next.id}:${expiresAt.getTime()}` },
      );
    }
  }

  const offerExpiryJob = platform.jobs.define(OFFER_EXPIRY_JOB, OfferExpiry, async ({ signupId }) => {
    await platform.tx(async () => {
      const expired = await repo.expireOffer(signupId, now());
      if (!expired) return;
      await platform.withAdvisoryLock(lockKey(expired.class_id), () => offerFreeSeats(expired.class_id));
    });
  });

  /** Takes an open offer: the held seat becomes an enrolment. Under the class's lock. */
  async function takeOffer(offer: Omit<SignupRow, 'position'>): Promise<string> {
    if (!(await repo.closeSignup(offer.id, 'accepted', now()))) throw offerNotFound();
    const account = offer.user_id ? { id: offer.user_id } : await repo.findUserByEmail(offer.email);
    if (account) {
      const existing = await repo.findMemberEnrollment(offer.class_id, account.id);
      if (existing) return account.id;
      await repo.insertEnrollment({ class_id: offer.class_id, user_id: account.id, at: now() });
      return account.id;
    }
    if (!(await repo.hasManualEnrollment(offer.class_id, offer.email)))
      await repo.insertEnrollment({
        class_id: offer.class_id,
        name: offer.name,
        email: offer.email,
        phone: offer.phone,
        at: now(),
      });
    return '';
  }

  /**
   * A visitor's interest: the interest list while the class has room, the waitlist when it is
   * full (409 when it has none). One entry per e-mail and list; a repeat gets the same answer and
   * no second e-mail. Rate-limited per client address; a filled honeypot is answered and dropped.
   */
  async function registerInterest(
    classId: string,
    input: { name: string; email: string; phone: string | null; website?: string },
    clientAddress: string,
  ): Promise<InterestResponse> {
    await platform.throttle.hitOrThrow(`class-interest:${clientAddress}`, {
      limit: INTEREST_SUBMIT_LIMIT.max,
      windowMs: INTEREST_SUBMIT_LIMIT.windowMinutes * 60_000,
    });
    const { website, ...person } = input;
    return platform.withAdvisoryLock(lockKey(classId), async () => {
      const row = await loadRow(classId, { drafts: false });
      const kind = hasRoom(row) ? 'interest' : 'waitlist';
      if (kind === 'waitlist' && !row.waitlist_enabled) throw classFull();
      if (caughtByHoneypot(platform.log, 'class interest', website)) {
        return answer(kind, kind === 'waitlist' ? row.waiting + 1 : null);
      }
      const joined = await joinList(row, kind, { ...person, user_id: null });
      return answer(kind, joined.position);
    });
  }

  async function findOffer(token: string): Promise<ClassOffer> {
    const offer = await repo.findOpenOffer(hashToken(token), now());
    if (!offer) throw offerNotFound();
    return {
      class: await load(offer.class_id),
      name: offer.name,
      status: offer.status,
      offer_expires_at: iso(offer.offer_expires_at),
    };
  }

  /** Takes the seat a link offers: an enrolment for the account with that e-mail, or a hand-added one. */
  async function acceptOffer(token: string): Promise<MemberClassResponse> {
    const offer = await repo.findOpenOffer(hashToken(token), now());
    if (!offer) throw offerNotFound();
    await platform.withAdvisoryLock(lockKey(offer.class_id), () => takeOffer(offer));
    const cls = await load(offer.class_id);
    return {
      entry: {
        class: cls,
        status: 'enrolled',
        enrolled_at: now().toISOString(),
        waitlist_position: null,
        offer_expires_at: null,
      },
      message: `You are enrolled in ${cls.class_name}`,
    };
  }

  function answer(kind: 'interest' | 'waitlist', position: number | null): InterestResponse {
    return {
      success: true,
      message: kind === 'interest' ? CLASS_MESSAGES.interestJoined : CLASS_MESSAGES.waitlistJoined,
      kind,
      position: kind === 'waitlist' ? position : null,
    };
  }

  /** Puts a person on a list once, e-mailing them the first time (or when they come back to it). */
  /**
   * Puts a person on a list, once per address. A member's join meets an entry already kept by their
   * address only when the address is confirmed as theirs (`ownsEmail`); until then that entry is
   * someone else's, and the join is refused rather than handed it.
   */
  async function joinList(
    row: ClassRow,
    kind: 'interest' | 'waitlist',
    person: { name: string; email: string; phone: string | null; user_id: string | null },
    { ownsEmail = false }: { ownsEmail?: boolean } = {},
  ): Promise<{ fresh: boolean; position: number | null }> {
    const inserted = await repo.insertSignup({ class_id: row.id, kind, ...person, at: now() });
    let fresh = inserted !== undefined;
    if (!fresh) {
      const existing = await repo.findSignup(row.id, person.email, kind);
      if (existing && person.user_id && existing.user_id !== person.user_id && !ownsEmail) {
        throw conflict(
          'Someone is already on this list with your e-mail address. Confirm your address in Settings to see that place.',
          'EMAIL_NOT_CONFIRMED',
        );
      }
      if (existing && kind === 'waitlist' && !['waiting', 'offered'].includes(existing.status)) {
        await repo.rejoin(existing.id, person, now());
        fresh = true;
      } else if (existing && person.user_id) await repo.linkSignupToUser(existing.id, person.user_id);
    }
    const entry = await repo.findSignup(row.id, person.email, kind);
    const position = kind === 'waitlist' ? (entry?.position ?? null) : null;
    if (fresh) {
      const mail =
        kind === 'interest'
          ? mails.interest(row, person.name)
          : mails.waitlist(row, person.name, position ?? 1);
      await platform.mailer.send({ to: person.email, ...mail });
    }
    return { fresh, position };
  }

  return { offerFreeSeats, takeOffer, joinList, registerInterest, findOffer, acceptOffer };
}
