/// The payload formats an import accepts.
public enum ImportFormat: String, Sendable, Codable, CaseIterable {
    /// One JSON bundle (the Seed format).
    case bundle = "json"
    /// The streaming form: one JSON record per line.
    case ndjson
    /// Bilingual plain-text study notes.
    case notes

    /// The media type a client sends for the format.
    public var mediaType: String {
        switch self {
        case .bundle: return "application/json"
        case .ndjson: return "application/x-ndjson"
        case .notes: return "text/plain"
        }
    }

    /// The format named by `?format=` (json, ndjson, notes or txt).
    public init?(name: String) {
        switch name.lowercased() {
        case "json", "bundle": self = .bundle
        case "ndjson", "jsonl": self = .ndjson
        case "notes", "txt", "text": self = .notes
        default: return nil
        }
    }

    /// The format of a `Content-Type` value (parameters such as charset are ignored).
    public init?(mediaType: String) {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch type {
        case "application/json", "application/vnd.guidebook.bundle+json": self = .bundle
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/jsonlines": self = .ndjson
        case "text/plain", "text/markdown": self = .notes
        default: return nil
        }
    }

    /// The format a file name suggests (`.json`, `.ndjson`/`.jsonl`, `.txt`/`.md`).
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") { self = .ndjson }
        else if lower.hasSuffix(".json") { self = .bundle }
        else if lower.hasSuffix(".txt") || lower.hasSuffix(".md") { self = .notes }
        else { return nil }
    }
}

import Foundation
