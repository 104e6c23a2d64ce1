import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoutes, signInAs, stubFetch } from '../../test/render';
import { AdminPanels, DashboardPage } from './dashboard-page';

const panels = (
  <AdminPanels
    actions={<button type="button">Testimonials</button>}
    reviews={<p>Reviews panel</p>}
    enrollments={<p>Enrollments panel</p>}
    courses={<p>Courses panel</p>}
    requests={<p>Requests panel</p>}
  />
);

function renderDashboard(isAdmin: boolean) {
  const user = makeUser(isAdmin ? { is_admin: true, role: 'admin' } : {});
  stubFetch({ [`POST /api/verify/user/${user.id}`]: () => ({ body: { valid: true, user } }) });
  signInAs(user);
  renderRoutes([{ path: '/app', element: <DashboardPage adminPanels={panels} /> }], '/app');
}

describe('DashboardPage', () => {
  it('shows the management panels to an admin', async () => {
    renderDashboard(true);
    expect(await screen.findByText('Courses panel')).toBeTruthy();
    expect(screen.getByText('Reviews panel')).toBeTruthy();
    expect(screen.getByText('Enrollments panel')).toBeTruthy();
    expect(screen.getByText('Requests panel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Testimonials' })).toBeTruthy();
  });

  it('keeps the member view free of them', async () => {
    renderDashboard(false);
    expect(await screen.findByRole('navigation', { name: 'Quick links' })).toBeTruthy();
    expect(screen.queryByText('Courses panel')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Testimonials' })).toBeNull();
  });
});
