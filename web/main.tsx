import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/fonts.css';
import './app/global.css';
import { App } from './app/app';

// Without this, zod probes `new Function` once; the server's CSP (no 'unsafe-eval') blocks it,
// and the browser reports a policy violation even though zod falls back quietly.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
