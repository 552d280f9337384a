-- The findings an operation adds are counted by their writer (`FindingsTable`), once per topic,
-- locale and check when the operation ends, instead of by a trigger on every row: the trigger's
-- two-row upsert was half of what writing a finding cost (28,000 of 54,000 instructions under
-- callgrind), 3% of a large import's writer thread. Deleting and moving findings stay counted by
-- their triggers (0017), since cascades and moved guidelines do those outside the writer.
DROP TRIGGER translation_findings_counted;
