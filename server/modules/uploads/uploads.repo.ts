import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaFiles, users } from '../../db/schema';

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
     * Forgets a file, and clears it from any profile that shows it as its avatar, so no page
     * keeps pointing at a file that is gone. Returns whether the file was known.
     */
    async delete(publicId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(mediaFiles)
          .where(eq(mediaFiles.public_id, publicId))
          .returning({ id: mediaFiles.id });
        if (rows.length === 0) return false;
        await tx
          .update(users)
          .set({ avatar: null, avatar_public_id: null })
          .where(eq(users.avatar_public_id, publicId));
        return true;
      });
    },
  };
}
export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
