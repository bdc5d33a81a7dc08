// Typo tolerance of a search: which of its words no visible product contains as typed, and the
// catalog words a letter or two away from each.
import { sql, type SQL } from 'drizzle-orm';
import { editDistance, typoEdits } from '../../../domain/text';
import { sqlRows, type DbOrTx } from '../../db/client';
import { and, searchWords, visibility } from './list-filters';
import type { Viewer } from './viewer';

/** Below this length a word is matched as typed; typo tolerance needs enough trigrams. */
const FUZZY_MIN_LENGTH = 4;
/** The trigram similarity (word_similarity) that makes a product a candidate for a typo's corrections. */
const CANDIDATE_SIMILARITY = 0.25;

/**
 * The search words (long enough to hold a typo) that no product the caller may see contains as
 * typed, each with its corrections (typoCorrections). Most searches are spelled right and stay on
 * the cheap LIKE path.
 */
export async function typoWords(db: DbOrTx, search: string | undefined, viewer: Viewer): Promise<Map<string, string[]>> {
  const words = search ? searchWords(search).filter((w) => w.length >= FUZZY_MIN_LENGTH) : [];
  if (words.length === 0) return new Map();
  const visible = and(visibility(viewer, undefined));
  const checks = words.map(
    (w, i) => sql`exists (select 1 from products p where ${visible} and p.search_text like ${`%${w}%`}) as ${sql.raw(`w${i}`)}`,
  );
  const [row] = await sqlRows<Record<string, boolean>>(db, sql`select ${sql.join(checks, sql`, `)}`);
  const typos = words.filter((_, i) => !row[`w${i}`]);
  return typos.length ? typoCorrections(db, typos, visible) : new Map();
}

/**
 * Trigram similarity alone misses a changed or doubled letter in a short word ("gorrila" is 0.45
 * similar to "gorilla", "hase" 0.4 to "haze"; the operator needs 0.6). So the trigram index only
 * gathers candidates, at a lower bar, and the words of those products that are a letter or two
 * away (editDistance) are the corrections: as precise as the edit count, as fast as the index.
 */
async function typoCorrections(db: DbOrTx, typos: string[], visible: SQL): Promise<Map<string, string[]>> {
  const typed = sql.join(
    typos.map((t) => sql`(${t})`),
    sql`, `,
  );
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true)`,
    );
    return sqlRows<{ typo: string; word: string }>(
      tx,
      sql`select distinct t.typo, w.word from (values ${typed}) as t(typo)
        join products p on p.search_text %> t.typo
        cross join lateral regexp_split_to_table(p.search_text, ' ') as w(word)
        where ${visible} and length(w.word) >= ${FUZZY_MIN_LENGTH - 1}`,
    );
  });
  const corrections = new Map<string, string[]>(typos.map((t) => [t, []]));
  for (const { typo, word } of rows) {
    const edits = typoEdits(typo);
    if (editDistance(typo, word, edits) <= edits) corrections.get(typo)!.push(word);
  }
  return corrections;
}
