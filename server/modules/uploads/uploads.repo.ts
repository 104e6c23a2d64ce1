import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deleteRows } from '../../db/delete-rows';
import { mediaFiles } from '../../db/schema';

export type MediaFileRow = typeof mediaFiles.$inferSelect;

/** The places that show a file, as one query: each of `uses` selects a text column `place`. */
const placesQuery = (uses: SQL[]) =>
  sql.join(
    uses.map((use) => sql`(${use})`),
    sql` union all `,
  );

export function createUploadsRepo(db: Db) {
  return {
    async insert(file: typeof mediaFiles.$inferInsert): Promise<MediaFileRow> {
      const [row] = await db.insert(mediaFiles).values(file).returning();
      return row!;
    },

    /**
     * Forgets a file of `folder` that none of `uses` (its owners' places) shows any more,
     * returning whether it did; the caller then removes the bytes. The check and the delete are
     * one statement, so a file is never forgotten on the strength of an earlier look.
     */
    async deleteUnused(publicId: string, folder: string, uses: SQL[]): Promise<boolean> {
      const rows = await db
        .delete(mediaFiles)
        .where(
          and(
            eq(mediaFiles.public_id, publicId),
            eq(mediaFiles.folder, folder),
            uses.length > 0 ? sql`not exists (${placesQuery(uses)})` : undefined,
          ),
        )
        .returning({ id: mediaFiles.id });
      return rows.length > 0;
    },

    /** The places `uses` name, at most 20, as a person would name each one. */
    async places(uses: SQL[]): Promise<string[]> {
      if (uses.length === 0) return [];
      const places = await db.execute<{ place: string }>(sql`${placesQuery(uses)} limit 20`);
      return (places as { rows: { place: string }[] }).rows.map((row) => row.place);
    },

    /** Forgets a file, returning whether it was known. */
    async delete(publicId: string): Promise<boolean> {
      return deleteRows(db, mediaFiles, eq(mediaFiles.public_id, publicId));
    },
  };
}
export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
