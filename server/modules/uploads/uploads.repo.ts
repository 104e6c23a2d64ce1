import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts, courses, lessons, mediaFiles, news, resources, users } from '../../db/schema';

export type MediaFileRow = typeof mediaFiles.$inferSelect;

export function createUploadsRepo(db: Db) {
  return {
    async insert(file: typeof mediaFiles.$inferInsert): Promise<MediaFileRow> {
      const [row] = await db.insert(mediaFiles).values(file).returning();
      return row!;
    },

    async findByPublicId(publicId: string): Promise<MediaFileRow | undefined> {
      const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.public_id, publicId)).limit(1);
      return row;
    },

    /**
     * Forgets an avatar file that no profile shows any more (another account may have picked the
     * same picture), returning whether it did; the caller then removes the bytes.
     */
    async deleteUnusedAvatar(publicId: string): Promise<boolean> {
      const rows = await db
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.public_id, publicId),
            eq(mediaFiles.folder, 'avatars'),
            sql`not exists (select 1 from ${users} where ${users.avatar_public_id} = ${publicId})`,
          ),
        )
        .returning({ id: mediaFiles.id });
      return rows.length > 0;
    },

    /**
     * Forgets a course image that no course shows any more (as its picture or its instructor's),
     * returning whether it did; the caller then removes the bytes. A course's URL may have any
     * base (`/media`, a bucket's address), so it is matched by the public id it ends with.
     */
    async deleteUnusedCourseImage(publicId: string): Promise<boolean> {
      const url = `%/${publicId}`;
      const rows = await db
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.public_id, publicId),
            eq(mediaFiles.folder, 'course-thumbnails'),
            sql`not exists (select 1 from ${courses} where ${courses.thumbnail_url} like ${url} or ${courses.instructor_avatar} like ${url})`,
          ),
        )
        .returning({ id: mediaFiles.id });
      return rows.length > 0;
    },

    /** Forgets a news thumbnail that no news item shows any more, returning whether it did. */
    async deleteUnusedNewsThumbnail(publicId: string): Promise<boolean> {
      const url = `%/${publicId}`;
      const rows = await db
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.public_id, publicId),
            eq(mediaFiles.folder, 'news-thumbnails'),
            sql`not exists (select 1 from ${news} where ${news.thumbnail_url} like ${url})`,
          ),
        )
        .returning({ id: mediaFiles.id });
      return rows.length > 0;
    },

    /**
     * Forgets a resource's upload (a thumbnail, video or audio file) that no resource shows any
     * more, returning whether it did; the caller then removes the bytes.
     */
    async deleteUnusedResourceFile(publicId: string): Promise<boolean> {
      const url = `%/${publicId}`;
      const rows = await db
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.public_id, publicId),
            inArray(mediaFiles.folder, ['resource-videos', 'resource-audio', 'resource-thumbnails']),
            sql`not exists (select 1 from ${resources} where ${resources.thumbnail} like ${url} or ${resources.video_url} like ${url} or ${resources.audio_url} like ${url})`,
          ),
        )
        .returning({ id: mediaFiles.id });
      return rows.length > 0;
    },

    /**
     * Forgets a blog upload that no post refers to any more — as its banner, in its content (the
     * main file or a variant) or in its gallery — returning whether it did; the caller then
     * removes the bytes. `stem` is `<folder>/<uuid>`, which every one of its names contains.
     */
    async deleteUnusedBlogFile(publicId: string, stem: string): Promise<boolean> {
      const named = `%${stem}%`;
      const rows = await db
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.public_id, publicId),
            sql`not exists (select 1 from ${blogPosts} where ${blogPosts.banner_image} like ${named} or ${blogPosts.content} like ${named} or ${blogPosts.media}::text like ${named})`,
          ),
        )
        .returning({ id: mediaFiles.id });
      return rows.length > 0;
    },

    /**
     * Where a file is still shown, as a person would name each place: a lesson, a course, a news
     * item, a resource, a blog post. A profile picture is not counted: removing the file clears it.
     */
    async usesOf(publicId: string): Promise<string[]> {
      const url = `%/${publicId}`;
      const stem = `%${publicId.replace(/\.[^./]+$/, '')}%`;
      const places = await db.execute<{ place: string }>(sql`
        select 'lesson "' || ${lessons.title} || '"' as place from ${lessons} where ${lessons.content_url} like ${url}
        union all
        select 'course "' || ${courses.title} || '"' from ${courses}
          where ${courses.thumbnail_url} like ${url} or ${courses.instructor_avatar} like ${url}
        union all
        select 'news "' || ${news.title} || '"' from ${news} where ${news.thumbnail_url} like ${url}
        union all
        select 'resource "' || ${resources.title} || '"' from ${resources}
          where ${resources.thumbnail} like ${url} or ${resources.video_url} like ${url} or ${resources.audio_url} like ${url}
        union all
        select 'blog post "' || ${blogPosts.title} || '"' from ${blogPosts}
          where ${blogPosts.banner_image} like ${stem} or ${blogPosts.content} like ${stem} or ${blogPosts.media}::text like ${stem}
        limit 20`);
      return (places as { rows: { place: string }[] }).rows.map((row) => row.place);
    },

    /** Forgets a file, returning whether it was known. */
    async delete(publicId: string): Promise<boolean> {
      const rows = await db
        .delete(mediaFiles)
        .where(eq(mediaFiles.public_id, publicId))
        .returning({ id: mediaFiles.id });
      return rows.length > 0;
    },
  };
}
export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
