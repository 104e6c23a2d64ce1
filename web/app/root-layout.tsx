import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { AUTH_ERROR_EVENT } from '../lib/api-client';
import { useNavigationAnnouncements } from './navigation-focus';

/** A lost session inside the app returns to the login page, without a history entry. */
function useAuthErrorRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const handleAuthError = () => {
      const path = window.location.pathname;
      if ((path === '/app' || path.startsWith('/app/')) && path !== '/app/login') {
        void navigate('/app/login', { replace: true });
      }
    };
    window.addEventListener(AUTH_ERROR_EVENT, handleAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, handleAuthError);
  }, [navigate]);
}

export function RootLayout() {
  useAuthErrorRedirect();
  useNavigationAnnouncements();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
