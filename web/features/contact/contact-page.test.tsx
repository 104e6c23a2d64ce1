import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_NOT_FOUND_MESSAGE } from '../../../common/contact';
import { field, makeUser, renderRoutes, signInAs, stubFetch, type } from '../../test/render';
import { ContactPage } from './contact-page';
import { prefillFromQuery, reasonInWords } from './contact-prefill';

const COURSE_ID = '5d3c1a9e-7b2f-4c1d-9e8a-2f6b4c3d1e0a';
const routes = [{ path: '/contact', element: <ContactPage /> }];

const sendMessage = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Send Message' }));

describe('ContactPage', () => {
  it('fills the form from the payment failure page and sends the course along', async () => {
    const { calls } = stubFetch({ 'POST /api/contact': () => ({ status: 202, body: { success: true } }) });
    const { user } = renderRoutes(
      routes,
      `/contact?topic=payment&course_id=${COURSE_ID}&reason=insufficient_funds`,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/within 2 business days/)).toBeTruthy();
    expect(screen.getByText(/3-5 business days/)).toBeTruthy();
    expect(field('Topic').value).toBe('Payment or billing');
    expect(field('Subject').value).toBe('Payment problem: insufficient funds');
    expect(field('Reference (optional)').value).toBe('insufficient_funds');
    // Visitors are not pointed at the students' Support Center.
    expect(screen.queryByRole('link', { name: 'Support Center' })).toBeNull();

    await type(user, 'Name', 'Daniel Ortiz');
    await type(user, 'Email', 'daniel@example.com');
    await type(user, 'Message', 'The card was refused twice.');
    await sendMessage(user);

    expect(
      await screen.findByText(
        (_text, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Thank you — your message has been sent. We will reply to daniel@example.com.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Contact the school' })).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      name: 'Daniel Ortiz',
      email: 'daniel@example.com',
      topic: 'payment',
      subject: 'Payment problem: insufficient funds',
      message: 'The card was refused twice.',
      reference: 'insufficient_funds',
      course_id: COURSE_ID,
    });
    expect(calls[0]!.headers.get('authorization')).toBeNull();

    // Another message starts from a fresh form.
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(field('Message').value).toBe('');
  });

  it('shows the schema messages for an empty form and sends nothing', async () => {
    const { calls } = stubFetch({});
    const { user } = renderRoutes(routes, '/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(field('Topic').value).toBe('Something else');
    await sendMessage(user);

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    // The first field to fix takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));

    await type(user, 'Email', 'daniel@');
    await sendMessage(user);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('counts the characters of the message', async () => {
    stubFetch({});
    const { user } = renderRoutes(routes, '/contact');
    expect(await screen.findByText('0 / 5,000 characters')).toBeTruthy();
    await type(user, 'Message', 'Hello Sifu');
    expect(screen.getByText('10 / 5,000 characters')).toBeTruthy();
    expect(field('Message').getAttribute('maxlength')).toBe('5000');
  });

  it('prefills a signed-in student, links the Support Center and sends the token', async () => {
    const mei = makeUser({ name: 'Mei Chen', email: 'mei@example.com' });
    signInAs(mei, 'tok-mei');
    const { calls } = stubFetch({
      [`POST /api/verify/user/${mei.id}`]: () => ({ body: { valid: true, user: mei } }),
      'POST /api/contact': () => ({ status: 202, body: { success: true } }),
    });
    const { user } = renderRoutes(routes, '/contact?topic=courses');

    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(field('Name').value).toBe('Mei Chen');
    expect(field('Email').value).toBe('mei@example.com');
    expect(field('Topic').value).toBe('Online courses');
    expect(field('Subject').value).toBe('');
    expect(screen.getByRole('link', { name: 'Support Center' }).getAttribute('href')).toBe('/app/support');

    await type(user, 'Subject', 'Lesson video');
    await type(user, 'Message', 'The third lesson does not play.');
    await sendMessage(user);
    expect(await screen.findByText(/We will reply to/)).toBeTruthy();
    const sent = calls.find((call) => call.path === '/api/contact');
    expect(sent?.headers.get('authorization')).toBe('Bearer tok-mei');
    expect(sent?.body).toEqual({
      name: 'Mei Chen',
      email: 'mei@example.com',
      topic: 'courses',
      subject: 'Lesson video',
      message: 'The third lesson does not play.',
    });
  });

  it('never checks the token: a token without a cached user leaves the form empty', async () => {
    const mei = makeUser({ name: 'Mei Chen', email: 'mei@example.com' });
    localStorage.setItem('authToken', 'tok-mei');
    localStorage.setItem('userId', mei.id);
    const { calls } = stubFetch({});
    const { user } = renderRoutes(routes, '/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await type(user, 'Name', 'Mei');

    expect(field('Email').value).toBe('');
    expect(field('Name').value).toBe('Mei');
    expect(calls.filter((call) => call.path.startsWith('/api/verify/'))).toEqual([]);
  });

  it("shows the server's error and keeps the form", async () => {
    stubFetch({
      'POST /api/contact': () => ({
        status: 503,
        body: { error: ADMIN_NOT_FOUND_MESSAGE, code: 'ADMIN_NOT_FOUND' },
      }),
    });
    const { user } = renderRoutes(routes, '/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await type(user, 'Name', 'Daniel');
    await type(user, 'Email', 'daniel@example.com');
    await type(user, 'Subject', 'Hello');
    await type(user, 'Message', 'Is anyone there?');
    await sendMessage(user);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_NOT_FOUND_MESSAGE);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy());
    expect(field('Message').value).toBe('Is anyone there?');
  });

  it('shows the rate limit message from the server', async () => {
    stubFetch({
      'POST /api/contact': () => ({
        status: 429,
        body: { error: 'Too many attempts. Please try again in 42 seconds.', code: 'TOO_MANY_REQUESTS' },
      }),
    });
    const { user } = renderRoutes(routes, '/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await type(user, 'Name', 'Daniel');
    await type(user, 'Email', 'daniel@example.com');
    await type(user, 'Subject', 'Hello');
    await type(user, 'Message', 'Again');
    await sendMessage(user);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Please try again in 42 seconds.',
    );
  });
});

describe('prefillFromQuery', () => {
  const prefill = (query: string) => prefillFromQuery(new URLSearchParams(query));

  it('reads a payment problem', () => {
    expect(prefill(`topic=payment&course_id=${COURSE_ID}&reason=declined`)).toEqual({
      topic: 'payment',
      subject: 'Payment problem: card declined',
      reference: 'declined',
      courseId: COURSE_ID,
    });
    expect(prefill('topic=payment')).toEqual({
      topic: 'payment',
      subject: 'Payment problem',
      reference: '',
      courseId: undefined,
    });
  });

  it('takes a reason alone as a payment problem and words unknown reasons plainly', () => {
    expect(prefill('reason=card_velocity_exceeded')).toMatchObject({
      topic: 'payment',
      subject: 'Payment problem: card velocity exceeded',
      reference: 'card_velocity_exceeded',
    });
  });

  it('ignores what it cannot use', () => {
    expect(prefill('topic=refunds&course_id=not-a-course')).toEqual({
      topic: 'other',
      subject: '',
      reference: '',
      courseId: undefined,
    });
    expect(prefill(`reason=${'x'.repeat(500)}`).reference).toHaveLength(200);
    expect(prefill(`reason=${'x'.repeat(500)}`).subject.length).toBeLessThanOrEqual(150);
  });

  it('words every reason of the failure page', () => {
    expect(
      ['cancelled', 'failed', 'declined', 'insufficient_funds', 'expired_card', 'invalid_card'].map(
        reasonInWords,
      ),
    ).toEqual([
      'payment cancelled',
      'payment failed',
      'card declined',
      'insufficient funds',
      'card expired',
      'invalid card details',
    ]);
  });

  it("words a reason that names an object property as the text it is, e.g. 'constructor'", () => {
    expect(reasonInWords('constructor')).toBe('constructor');
    expect(prefill('reason=toString').subject).toBe('Payment problem: toString');
  });
});
