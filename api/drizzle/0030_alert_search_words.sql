-- The alert search's word index (api/src/lib/detect/alert-search-words.ts): the lower-cased text's
-- runs of a-z and 0-9, each a lexeme as it is (array_to_tsvector: the text search parser would split
-- runs such as "12e5x"), runs longer than 255 cut into pieces (a lexeme holds at most 2,047 bytes).
CREATE FUNCTION search_words(value text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT array_to_tsvector(array_remove(regexp_split_to_array(regexp_replace(lower(value), '([a-z0-9]{255})', '\1 ', 'g'), '[^a-z0-9]+'), '')) $$;--> statement-breakpoint
CREATE INDEX "alerts_search_words_idx" ON "alerts" USING gin (search_words("name" || ' ' || "description"));