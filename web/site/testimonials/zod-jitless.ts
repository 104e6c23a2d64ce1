import { config as configureZod } from 'zod/v4/core';

// The content security policy forbids `new Function`, which zod probes when it builds an object
// schema unless told not to; the browser reports the blocked probe as a policy violation even
// though zod falls back quietly. Loaded (islands.ts) before the chunks that build schemas.
configureZod({ jitless: true });
