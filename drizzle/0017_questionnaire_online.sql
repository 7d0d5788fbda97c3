-- The seeded texts promised a questionnaire by email that no email carries: the medical questions are
-- answered online from the booking's link. Only rows that still hold the seeded words change.
UPDATE "adventures" SET "what_to_bring" = (
  SELECT jsonb_agg(CASE WHEN item = to_jsonb('Completed medical questionnaire (we email it when you book)'::text) THEN to_jsonb('Each diver''s details, medical questions and waiver, done online beforehand from your booking''s link'::text) ELSE item END ORDER BY position)
  FROM jsonb_array_elements("what_to_bring") WITH ORDINALITY AS t(item, position)
) WHERE "what_to_bring" @> jsonb_build_array('Completed medical questionnaire (we email it when you book)'::text);
--> statement-breakpoint
UPDATE "faqs" SET "answer" = replace("answer", 'Every diver completes a diving medical questionnaire before their trip, which we email when you book.', 'Every diver answers a short diving medical questionnaire before their trip, online with their details and the waiver, from the private link in your booking confirmation.')
WHERE position('Every diver completes a diving medical questionnaire before their trip, which we email when you book.' in "answer") > 0;
