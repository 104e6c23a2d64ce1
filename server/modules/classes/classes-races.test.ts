import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { classEnrollments, classMeetings, classSignups } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { itConcurrently } from '../../test/concurrency';
import { createAdmin, createUser } from '../../test/factories';
import { createClass } from './test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => t?.close());

const enrolled = (classId: string) =>
  t.database.db
    .select()
    .from(classEnrollments)
    .where(and(eq(classEnrollments.class_id, classId), eq(classEnrollments.status, 'enrolled')));

describe('racing requests', () => {
  itConcurrently(
    '20 members enrolling for the last seat: exactly one gets it, the rest are waitlisted in order',
    async () => {
      const cls = await createClass(t, { max_capacity: 1 });
      const members = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
      const answers = await Promise.all(
        members.map((m) =>
          t.app.inject({ method: 'POST', url: `/api/classes/${cls.id}/enroll`, headers: m.auth }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(19);
      expect(await enrolled(cls.id)).toHaveLength(1);
      const positions = answers
        .filter((a) => a.statusCode === 200)
        .map((a) => a.json().entry.waitlist_position as number)
        .sort((a, b) => a - b);
      expect(positions).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
      const listed = await t.database.db.select().from(classSignups).where(eq(classSignups.class_id, cls.id));
      expect(listed).toHaveLength(19);
    },
    60_000,
  );

  itConcurrently('administrators adding people to the last two seats at once fill exactly two', async () => {
    const cls = await createClass(t, { max_capacity: 2, waitlist_enabled: false });
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const answers = await Promise.all([
      ...members.map((m) =>
        t.call('POST', `/api/admin/classes/${cls.id}/enroll`, { userId: m.user.id }, admin.auth),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        t.call(
          'POST',
          `/api/admin/classes/${cls.id}/enroll/manual`,
          { name: `Walk-in ${i}`, email: `walkin-${i}-${randomUUID().slice(0, 6)}@example.org` },
          admin.auth,
        ),
      ),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    expect(await enrolled(cls.id)).toHaveLength(2);
  });

  itConcurrently('the same member enrolling twice at once is enrolled once', async () => {
    const cls = await createClass(t);
    const me = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: `/api/classes/${cls.id}/enroll`, headers: me.auth }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await enrolled(cls.id)).toHaveLength(1);
  });

  itConcurrently('one e-mail signing up five times at once is one entry and one e-mail', async () => {
    const cls = await createClass(t);
    const to = `ana-${randomUUID().slice(0, 8)}@example.org`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/classes/${cls.id}/interest`,
          payload: { name: 'Ana Ruiz', email: to },
          remoteAddress: `192.0.2.${100 + i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.database.db.select().from(classSignups).where(eq(classSignups.email, to))).toHaveLength(1);
    expect(t.mail.filter((m) => m.to === to)).toHaveLength(1);
  });

  itConcurrently("the first reads of a meeting's roster agree on one code", async () => {
    const cls = await createClass(t, {
      sessions: [{ day_of_week: 'monday', start_time: '18:00', end_time: '19:00' }],
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('GET', `/api/admin/classes/${cls.id}/attendance?date=2026-03-16`, undefined, admin.auth),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().roster.code)).size).toBe(1);
    expect(
      await t.database.db.select().from(classMeetings).where(eq(classMeetings.class_id, cls.id)),
    ).toHaveLength(1);
  });
});
