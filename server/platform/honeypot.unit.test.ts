import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { caughtByHoneypot } from './honeypot';

const logger = () => ({ info: vi.fn() }) as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn> };

describe('the honeypot field', () => {
  it('lets a submission through when it is missing, empty or blank', () => {
    const log = logger();
    for (const value of [undefined, '', '   ']) expect(caughtByHoneypot(log, 'booking', value)).toBe(false);
    expect(log.info).not.toHaveBeenCalled();
  });

  it('catches a submission that filled it in, and logs the drop', () => {
    const log = logger();
    expect(caughtByHoneypot(log, 'class interest', 'https://spam.example')).toBe(true);
    expect(log.info).toHaveBeenCalledExactlyOnceWith(
      'class interest dropped: the honeypot field was filled in',
    );
  });
});
