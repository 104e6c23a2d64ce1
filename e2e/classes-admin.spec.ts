import type { Page } from '@playwright/test';
import type { ClassDay, Roster } from '../common/classes';
import type { SchoolSettingsResponse } from '../common/school';
import { expect, test, textbox, uniqueSuffix } from './fixtures';
import { bearer, createClass } from './school';

/**
 * The school's in-person side as its people use it: an administrator builds a class, fills it and
 * takes attendance on a phone; a member checks in from the dashboard with the hall's code; an
 * administrator books, moves and cancels a session in Booking Management.
 */

/** Now on the school's clock: the weekday, the date and a session around this minute. */
async function schoolNow(api: import('@playwright/test').APIRequestContext) {
  const school = ((await (await api.get('/api/school')).json()) as SchoolSettingsResponse).school;
  const timeZone = school.timezone ?? 'America/Los_Angeles';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const day = String(parts.weekday).toLowerCase() as ClassDay;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    day,
    // A session that has begun and runs for a while yet, inside today.
    start: hhmm(Math.max(0, minutes - 15)),
    end: hhmm(Math.min(23 * 60 + 59, minutes + 90)),
  };
}

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('classes administration', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('an admin creates and publishes a class, adds students and takes attendance on a phone', async ({
    page,
    api,
    signInAdmin,
    createStudent,
  }) => {
    test.setTimeout(120_000);
    const member = await createStudent();
    const now = await schoolNow(api);
    const name = `Morning Zhan Zhuang ${uniqueSuffix()}`;
    const manual = `Walk-in ${uniqueSuffix().slice(0, 6)}`;
    await signInAdmin();

    await page.goto('/app/admin');
    const panel = page.getByRole('region', { name: 'Class Management' });
    await panel.getByRole('button', { name: 'New Class' }).click();
    const form = page.getByRole('form', { name: 'Create class' });
    await textbox(form, 'Class name').fill(name);
    await textbox(form, 'Instructor').fill('Sifu Lin Wei');
    await textbox(form, 'Location').fill('Main hall');
    await textbox(form, 'Skill focus').fill('Standing');
    await pick(page, form, 'Session 1 day', now.day.charAt(0).toUpperCase() + now.day.slice(1));
    await form.getByLabel('Start').first().fill(now.start);
    await form.getByLabel('End').first().fill(now.end);
    await page.screenshot({ path: '/tmp/shots/admin-ops-class-form-375.png', fullPage: true });
    await form.getByRole('button', { name: 'Create Class' }).click();
    await expect(page.getByText('Class has been successfully created')).toBeVisible();

    const view = page.getByRole('dialog', { name: `Class: ${name}` });
    await view.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(view.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    await expect(view.getByText('Published', { exact: true })).toBeVisible();

    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit Class: ${name}` });
    await edit.getByRole('tab', { name: 'Enrollments' }).click();
    await expect(edit.getByText('No Enrollments Yet')).toBeVisible();

    // By hand.
    await edit.getByRole('button', { name: 'Add Student' }).click();
    let add = page.getByRole('dialog', { name: 'Add Student' });
    await add.getByText('Enter details').click();
    const manualForm = add.getByRole('form', { name: 'Add student by hand' });
    await expect(manualForm.getByRole('button', { name: 'Add Student' })).toBeDisabled();
    await textbox(manualForm, 'Name').fill(manual);
    await textbox(manualForm, 'Email').fill(`walkin-${uniqueSuffix()}@example.org`);
    await manualForm.getByRole('button', { name: 'Add Student' }).click();
    await expect(edit.getByRole('button', { name: `Remove ${manual}` })).toBeVisible();

    // An existing member.
    await edit.getByRole('button', { name: 'Add Student' }).click();
    add = page.getByRole('dialog', { name: 'Add Student' });
    const memberField = add
      .getByRole('textbox', { name: 'Member' })
      .or(add.getByRole('combobox', { name: 'Member' }))
      .first();
    await memberField.fill(member.user.email);
    // The list is drawn again as the search's answer arrives; a click that lands while it is
    // redrawn selects nothing, so the pick is made (the list opened again) until it enables the submit.
    const submitMember = add.getByRole('button', { name: 'Add Student' });
    const option = page.getByRole('option', { name: `${member.user.name} (${member.user.email})` });
    await expect(async () => {
      if (!(await option.isVisible())) await memberField.click();
      await option.click({ timeout: 2_000 });
      await expect(submitMember).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await submitMember.click();
    await expect(edit.getByRole('button', { name: `Remove ${member.user.name}` })).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/admin-ops-enrollments-375.png', fullPage: true });
    await page.keyboard.press('Escape');

    await panel.getByRole('button', { name: `${name}, published` }).click();
    await page
      .getByRole('dialog', { name: `Class: ${name}` })
      .getByRole('link', { name: 'Take attendance' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Attendance: ${name}` })).toBeVisible();
    await expect(page.getByLabel('Date')).toHaveValue(now.date);
    const code = page.getByText(/^\d{4}$/);
    await expect(code).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'present' })).toHaveText('0 present');

    await page.getByRole('button', { name: manual }).click();
    await expect(page.getByRole('button', { name: manual })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'present' })).toHaveText('1 present');
    const dropIn = `Visitor ${uniqueSuffix().slice(0, 6)}`;
    await textbox(page, 'Drop-in name').fill(dropIn);
    await page.getByRole('button', { name: 'Add drop-in' }).click();
    await expect(page.getByText(dropIn)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'present' })).toHaveText('2 present');
    await page.screenshot({ path: '/tmp/shots/admin-ops-attendance-375.png', fullPage: true });
  });

  test('a member checks in from the dashboard with the code shown on the roster', async ({
    page,
    api,
    admin,
    signIn,
    createStudent,
  }) => {
    const student = await createStudent();
    const now = await schoolNow(api);
    const klass = await createClass(api, admin, {
      class_name: `Evening Push Hands ${uniqueSuffix()}`,
      instructor_name: 'Sifu Lin Wei',
      location: 'Main hall',
      class_type: 'open_level',
      skill_focus: 'Sensitivity',
      class_duration: 60,
      max_capacity: 12,
      price: 0,
      is_published: true,
      sessions: [{ day_of_week: now.day, start_time: now.start, end_time: now.end }],
    });
    const enrolled = await api.post(`/api/admin/classes/${klass.id}/enroll`, {
      headers: bearer(admin.token),
      data: { userId: student.user.id },
    });
    expect(enrolled.status(), await enrolled.text()).toBeLessThan(300);
    const roster = await api.get(
      `/api/admin/classes/${klass.id}/attendance?date=${now.date}&start_time=${now.start}`,
      { headers: bearer(admin.token) },
    );
    expect(roster.status(), await roster.text()).toBe(200);
    const { code } = ((await roster.json()) as { roster: Roster }).roster;

    await signIn(student);
    await page.goto('/app');
    const card = page.getByRole('region', { name: 'My classes' });
    await expect(card.getByText(klass.class_name)).toBeVisible();
    await expect(card.getByText('Classes attended this month: 0')).toBeVisible();
    await card.getByRole('button', { name: `Check in to ${klass.class_name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Check in: ${klass.class_name}` });
    const wrong = code === '0000' ? '1111' : '0000';
    await page.keyboard.type(wrong);
    await dialog.getByRole('button', { name: 'Check in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'That code is not right. Please check the code shown in the hall.',
    );
    // Closing the dialog forgets the wrong code; the first box has the focus again.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: `Check in to ${klass.class_name}` }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await page.keyboard.type(code);
    await page.screenshot({ path: '/tmp/shots/admin-ops-check-in-375.png' });
    await dialog.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByText(`You are checked in to ${klass.class_name}`)).toBeVisible();
    await expect(card.getByText('Classes attended this month: 1')).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/admin-ops-my-classes-375.png', fullPage: true });
  });
});

test.describe('booking administration', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin creates, edits and cancels a booking in Booking Management', async ({
    page,
    api,
    signInAdmin,
  }) => {
    const now = await schoolNow(api);
    // Twenty days on, late in the evening: inside the panel's window, clear of the day's bookings.
    const day = new Date(`${now.date}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 20);
    const date = day.toISOString().slice(0, 10);
    const name = `Ren ${uniqueSuffix().slice(0, 8)}`;
    await signInAdmin();

    await page.goto('/app/admin');
    const panel = page.getByRole('region', { name: 'Booking Management' });
    await panel.getByRole('button', { name: 'New Booking' }).click();
    const form = page.getByRole('form', { name: 'Create booking' });
    await form.getByRole('button', { name: 'Create Booking' }).click();
    await expect(form.getByText('Full name is required')).toBeVisible();
    await textbox(form, 'Full name').fill(name);
    await textbox(form, 'Email').fill(`ren-${uniqueSuffix()}@example.org`);
    await form.getByLabel('Start').fill(`${date}T21:00`);
    await form.getByLabel('End').fill(`${date}T22:00`);
    await page.screenshot({ path: '/tmp/shots/admin-ops-booking-form-1280.png' });
    await form.getByRole('button', { name: 'Create Booking' }).click();

    const view = page.getByRole('dialog', { name: 'Booking' });
    await expect(view.getByText(name)).toBeVisible();
    await expect(view.getByText(/9:00 PM/)).toBeVisible();
    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit booking' });
    await expect(edit.getByLabel('Start')).toHaveValue(`${date}T21:00`);
    await edit.getByLabel('End').fill(`${date}T22:30`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(view.getByText(/10:30 PM/)).toBeVisible();

    await view.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Booking' });
    await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(view.getByText('Cancelled', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await panel.getByRole('combobox', { name: 'Filter bookings by status' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await expect(panel.getByRole('button', { name: new RegExp(`^${name},.*Cancelled$`) })).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/admin-ops-bookings-1280.png', fullPage: true });
  });
});
