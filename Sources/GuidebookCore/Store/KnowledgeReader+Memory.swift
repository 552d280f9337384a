import GuidebookText
internal import SQLite

extension KnowledgeReader {
    /// What the memory's similarity is, in words (answers state it).
    public static let memoryMeasure = "token-level edit ratio on stemmed English words: 100 × (1 − d / n), rounded down, where d is the fewest words inserted, deleted or replaced to turn one text into the other and n the longer text's word count"
    /// The least similarity a match has, in percent.
    public static let memoryMinimum = 70
    /// The most matches a lookup gives.
    public static let memoryLimit = 5
    /// Candidates read from each index before the similarity is worked out.
    static let memoryCandidates = 40
    /// The most rows read for one word of a lookup's text. A word held by more rows than this is
    /// a common word of a large base: ranking every row that holds it (bm25 ranks them all before
    /// the best come out) took 2.5 s at 1,000,000 guidelines, so a lookup with such a word ranks
    /// only the rows read, each by the probe words it holds weighted by their rarity. A text made
    /// only of such words is then found among the first rows holding them, not all of them.
    static let memoryRowsPerWord = 500
    /// The translations the memory offers and exports: current ones a translator finished
    /// (`translated`, `approved`). A draft is work in progress (an import's conflict draft even
    /// translates older English), an outdated one translates other English.
    public static let memoryStates: Set<WorkflowState> = [.translated, .approved]

    /// Up to `limit` translations into `locale` of the English texts most like `source`, each at
    /// least `minimum` percent alike (`TextSimilarity`), most alike first: the knowledge base's
    /// finished current guideline translations (`memoryStates`, not `excluding`'s own) and the units of imported memories
    /// (`MemoryOrigin`). A pair that appears twice is given once.
    ///
    /// Candidates come from the full-text indexes, so a lookup reads a few dozen rows however large
    /// the base is: the rows holding any of `source`'s rarest words, taken until they cover more
    /// of its words than a text `minimum` percent alike can lack (a text missing all of them is
    /// further away than that), ranked by bm25; the best `memoryCandidates` of each index are
    /// compared word by word.
    public func memoryMatches(for source: String, locale: String, excluding: TranslationUnitID? = nil,
                              limit: Int = memoryLimit, minimum: Int = memoryMinimum) throws -> [MemoryMatch] {
        let words = TextSimilarity.words(of: source)
        guard !words.isEmpty else { return [] }
        let probe = try probeWords(words, minimum: minimum)
        let expression = probe.map { Self.phrase($0.word) }.joined(separator: " OR ")
        var matches: [MemoryMatch] = []

        // The base: guideline rows (rowid = id × 4 + 2) holding any probe word in their text.
        let excludedKey: String? = if case .guideline(let key) = excluding { key } else { nil }
        let rows: [Int64]
        if probe.allSatisfy(\.isComplete) {
            rows = try database.rows("""
                SELECT rowid FROM search_index WHERE search_index MATCH ?1 AND rowid % 4 = 2 ORDER BY rank LIMIT ?2
                """, [.text("body : (\(expression))"), .int(Self.memoryCandidates)]) { $0.int64(0) / 4 }
        } else {
            // Each probe word a row holds counts by its rarity (1 / the rows read for it), as bm25's
            // idf would: a row with one rare word of the text goes before one with three common words.
            var held: [Int64: Double] = [:]
            for word in probe where !word.rows.isEmpty {
                let weight = 1 / Double(word.rows.count + (word.isComplete ? 0 : 1))
                for row in word.rows where row % 4 == 2 { held[row / 4, default: 0] += weight }
            }
            rows = held.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(Self.memoryCandidates).map(\.key)
        }
        for id in rows {
            guard let pair = try database.firstRow("""
                SELECT g.key, s.text, x.text, s.source_revision, x.source_revision, x.source_hash, x.review_state
                FROM guidelines g JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = ?1
                JOIN guideline_texts x ON x.guideline_id = g.id AND x.locale = ?2
                WHERE g.id = ?3
                """, [.text(SourceLocale.code), .text(locale), .integer(id)], { row in
                    (key: row.text(0), english: row.text(1), translation: row.text(2),
                     state: WorkflowState(review: ReviewState(rawValue: row.text(6)),
                                          freshness: TranslationState.of(madeFrom: row.optionalInt(4), sourceRevision: row.optionalInt(3) ?? 1,
                                                                         legacyHash: row.optionalText(5), sourceHash: ContentHash.hex(row.text(1)))))
                }), pair.key != excludedKey, Self.memoryStates.contains(pair.state), !pair.translation.isEmpty,
                  let similarity = TextSimilarity(words, TextSimilarity.words(of: pair.english), minimum: minimum) else { continue }
            matches.append(MemoryMatch(similarity: similarity, source: pair.english, translation: pair.translation, origin: .base(.guideline(pair.key))))
        }

        // Imported memories into `locale`.
        try database.forEachRow("""
            SELECT u.source, u.target, o.id, o.name, o.source_locale, o.target_locale, o.creation_tool, o.imported_at, o.imported_by, o.units
            FROM (SELECT rowid FROM memory_index WHERE memory_index MATCH ?1 ORDER BY rank LIMIT ?2) m
            JOIN memory_units u ON u.id = m.rowid JOIN memory_origins o ON o.id = u.origin_id
            WHERE o.target_locale = ?3
            """, [.text("source : (\(expression))"), .int(Self.memoryCandidates), .text(locale)]) { row in
            guard let similarity = TextSimilarity(words, TextSimilarity.words(of: row.text(0)), minimum: minimum) else { return }
            matches.append(MemoryMatch(similarity: similarity, source: row.text(0), translation: row.text(1), origin: .imported(Self.memoryOrigin(row, from: 2))))
        }

        // Most alike first; at equal similarity the base's own before imported, then by text.
        func isBase(_ match: MemoryMatch) -> Bool { if case .base = match.origin { true } else { false } }
        matches.sort {
            ($0.similarity.percent, isBase($0) ? 1 : 0, $1.source, $1.translation) > ($1.similarity.percent, isBase($1) ? 1 : 0, $0.source, $0.translation)
        }
        var seen = Set<[String]>()
        return Array(matches.filter { seen.insert([$0.source, $0.translation]).inserted }.prefix(limit))
    }

    /// `export` with the memory's best match on each unit that is missing, outdated or a draft
    /// (the units a translator has to write): one lookup per such unit.
    public func addingBestMatches(to export: TranslationExport) throws -> TranslationExport {
        var export = export
        for group in export.groups.indices {
            for index in export.groups[group].units.indices
                where !Self.memoryStates.contains(export.groups[group].units[index].workflowState) {
                let unit = export.groups[group].units[index]
                export.groups[group].units[index].bestMatch = try memoryMatches(for: unit.source, locale: export.locale,
                                                                                excluding: TranslationUnitID(unit.id), limit: 1).first
            }
        }
        return export
    }

    /// The words of `words` whose rows are searched: the rarest first (by how many rows of the
    /// search index hold them), until they make up more of the text than a text `minimum`
    /// percent alike can lack. That many is `n × (100 − minimum) / minimum`: such a text is at
    /// most that many edits away, since it is at most `n × 100 / minimum` words long. Each comes
    /// with the rows holding it in its text, read up to `memoryRowsPerWord` (`isComplete` when
    /// that is all of them); a count past that bound ties with every other common word.
    private func probeWords(_ words: [TextSimilarity.Word], minimum: Int) throws -> [(word: String, rows: [Int64], isComplete: Bool)] {
        var occurrences: [String: Int] = [:]
        for word in words { occurrences[word.text, default: 0] += 1 }
        let read = try occurrences.keys.map { word in
            let rows = try database.rows("SELECT rowid FROM search_index WHERE search_index MATCH ?1 LIMIT ?2",
                                         [.text("body : " + Self.phrase(word)), .int(Self.memoryRowsPerWord + 1)]) { $0.int64(0) }
            return (word: word, rows: Array(rows.prefix(Self.memoryRowsPerWord)), isComplete: rows.count <= Self.memoryRowsPerWord)
        }.sorted { ($0.rows.count, $0.word) < ($1.rows.count, $1.word) }
        let needed = words.count * (100 - minimum) / max(1, minimum) + 1
        var covered = 0
        var probe: [(word: String, rows: [Int64], isComplete: Bool)] = []
        for word in read where covered < needed {
            probe.append(word)
            covered += occurrences[word.word] ?? 0
        }
        return probe
    }

    /// `word` as an FTS5 phrase.
    private static func phrase(_ word: String) -> String { "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// The imported memory whose columns start at `first`: id, name, source and target locale,
    /// creation tool, imported at and by, units.
    static func memoryOrigin(_ row: Statement, from first: Int) -> MemoryOrigin {
        MemoryOrigin(id: row.int64(first), name: row.text(first + 1), sourceLocale: row.text(first + 2), targetLocale: row.text(first + 3),
                     creationTool: row.optionalText(first + 4), importedAt: row.text(first + 5), importedBy: row.optionalText(first + 6),
                     units: row.int(first + 7))
    }
}
