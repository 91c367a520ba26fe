import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/schema';
import { foldForSearch } from '../../../shared/search-fold';
import type { SearchType } from '../../../shared/search-kinds';

/** How many words of a term are matched: a longer term is a sentence, not a search. */
const MAX_WORDS = 8;

/** What a search term asks for: its folded words, each matched as the start of a word, and the whole term folded. */
export interface SearchTerms {
  words: string[];
  folded: string;
}

/** The term folded like the index and cut into words of letters and digits (what both tokenizers keep). */
export function searchTerms(term: string): SearchTerms {
  const folded = foldForSearch(term.trim());
  return {
    words: folded
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, MAX_WORDS),
    folded,
  };
}

/**
 * One word as a PostgreSQL prefix query. The 'simple' parser reads a word with digits by its context: alone,
 * "3e4cc9e8" is a number (3e4) then a word (cc9e8); inside "firm-3e4cc9e8" it is kept whole. Such a word
 * matches either reading, so a generated username is found by the name it shows. A word of letters alone
 * is read one way only, and asked once: the planner counts each alternative's matches, and twice the
 * matches made it read whole tables where a few rows by id would do.
 */
const wordQuery = (word: string) =>
  /\p{N}/u.test(word) ? sql`(to_tsquery('simple', ${`${word}:*`}) || ${`'${word}':*`}::tsquery)` : sql`${`'${word}':*`}::tsquery`;

/**
 * The rows of one kind whose words start with every word of the term (migration 0280 keeps the
 * index): the row's id, a relevance score (higher is better) and `exact` = 1 when its name is the
 * term itself, so "Café" comes first for "cafe". `field` 'name' matches the row's name alone (the
 * firm list's name filter). The words hold only letters and digits, so they cannot carry query
 * syntax into MATCH or to_tsquery.
 */
export function documentHits(db: Kysely<Database>, dialect: Dialect, kind: SearchType, terms: SearchTerms, field: 'all' | 'name' = 'all') {
  const exact = sql<number>`case when name = ${terms.folded} then 1 else 0 end`.as('exact');
  if (dialect === 'postgres') {
    const query = sql`(${sql.join(terms.words.map(wordQuery), sql` && `)})`;
    return (
      db
        .selectFrom('search_documents')
        .where('kind', '=', kind)
        .where(sql<boolean>`words @@ ${query}`)
        // the index finds the rows by all their words; the name's own words are checked on those rows alone
        .$if(field === 'name', (q) => q.where(sql<boolean>`to_tsvector('simple', name) @@ ${query}`))
        .select(['entity_id', sql<number>`ts_rank(words, ${query})`.as('score'), exact])
    );
  }
  const column = field === 'name' ? 'name : ' : '';
  return (
    db
      .selectFrom('search_documents')
      .where(sql<boolean>`search_documents match ${terms.words.map((word) => `${column}"${word}"*`).join(' AND ')}`)
      .where('kind', '=', kind)
      .select(['entity_id', sql<number>`-bm25(search_documents)`.as('score'), exact])
      // A LIMIT keeps SQLite from flattening the subquery into its caller's join, where it searched the
      // index again for every firm or event row (98 s for one search over 5,000 firms); -1 is no limit.
      .limit(-1)
  );
}
