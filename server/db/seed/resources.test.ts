import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceInput, type ResourceListResponse } from '../../../common/resources';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { DEMO_RESOURCES } from './resources';
import { seedDemo } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now());
});
afterAll(async () => t?.close());

describe('the demo resources', () => {
  it('are published newest first, each of a type, with their related courses and playable media', async () => {
    const member = await createUser(t);
    const res = await t.call('GET', '/api/resources?limit=50', undefined, member.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json<ResourceListResponse>();
    expect(body.resources.map((r) => r.title)).toEqual(
      [...DEMO_RESOURCES].sort((a, b) => a.days_ago - b.days_ago).map((r) => r.title),
    );
    expect(new Set(body.resources.map((r) => r.type))).toEqual(new Set(['blog', 'video', 'audio']));
    for (const resource of body.resources) {
      expect(resource.courses.length, resource.title).toBeGreaterThan(0);
      const { id: _id, courses: _c, view_count: _v, created_at: _ca, updated_at: _u, ...input } = resource;
      expect(ResourceInput.safeParse(input).error, resource.title).toBeUndefined();
      const media = resource.video_url ?? resource.audio_url;
      if (media) {
        const file = await t.app.inject({ method: 'GET', url: media, headers: { range: 'bytes=0-99' } });
        expect(file.statusCode, media).toBe(206);
      }
    }
    // Its own copy of a lesson's title card: lesson videos are for the course's students only.
    const video = body.resources.find((r) => r.type === 'video')!;
    expect(video.video_url).toMatch(/^\/media\/resource-videos\/demo-[a-z0-9-]+-[0-9a-f]{8}\.mp4$/);
    const audio = body.resources.find((r) => r.type === 'audio')!;
    expect(audio.audio_url).toMatch(/^\/media\/resource-audio\/demo-standing-bell-[0-9a-f]{8}\.wav$/);
  });
});
