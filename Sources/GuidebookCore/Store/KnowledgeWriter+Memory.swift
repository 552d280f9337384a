import GuidebookBase
internal import SQLite

extension KnowledgeWriter {
    /// Records an imported translation memory (`MemoryOrigin`) and returns its id; its units follow
    /// with `addMemoryUnit`, and `finishMemoryOrigin` records how many were kept.
    public func addMemoryOrigin(name: String, sourceLocale: String, targetLocale: String, creationTool: String?, importedBy: String?) throws -> MemoryOrigin {
        let now = Timestamp.now()
        try database.run("""
            INSERT INTO memory_origins (name, source_locale, target_locale, creation_tool, imported_at, imported_by) VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(name), .text(sourceLocale), .text(targetLocale), creationTool.map(SQLValue.text) ?? .null, .text(now),
                  importedBy.map(SQLValue.text) ?? .null])
        return MemoryOrigin(id: database.lastInsertRowID, name: name, sourceLocale: sourceLocale, targetLocale: targetLocale,
                            creationTool: creationTool, importedAt: now, importedBy: importedBy, units: 0)
    }

    /// Adds one unit (an English text and its translation) to imported memory `origin`; its index
    /// row follows by trigger (Migrations/0013_translation_memory.sql).
    public func addMemoryUnit(origin: Int64, source: String, target: String) throws {
        try database.run("INSERT INTO memory_units (origin_id, source, target) VALUES (?, ?, ?)", [.integer(origin), .text(source), .text(target)])
    }

    /// Records how many units imported memory `origin` kept.
    public func finishMemoryOrigin(_ origin: Int64, units: Int) throws {
        try database.run("UPDATE memory_origins SET units = ? WHERE id = ?", [.int(units), .integer(origin)])
    }
}

extension KnowledgeReader {
    /// The imported translation memories, newest first.
    public func memoryOrigins() throws -> [MemoryOrigin] {
        try database.rows("""
            SELECT id, name, source_locale, target_locale, creation_tool, imported_at, imported_by, units FROM memory_origins ORDER BY id DESC
            """) { Self.memoryOrigin($0, from: 0) }
    }
}
