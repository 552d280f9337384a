import GuidebookCore

/// One line of the NDJSON bundle form: `{"kind": "topic", ...a BundleTopic...}` and so on.
public enum NDJSONRecord: Sendable, Equatable {
    case locale(BundleLocale)
    case category(BundleCategory)
    case topic(BundleTopic)
    case glossary(BundleGlossaryEntry)
}

extension NDJSONRecord: Codable {
    private enum KindKey: String, CodingKey { case kind }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: KindKey.self)
        let kind = try container.decode(String.self, forKey: .kind)
        // The payload's own fields sit beside "kind", so the same decoder reads them.
        switch kind {
        case "locale": self = .locale(try BundleLocale(from: decoder))
        case "category": self = .category(try BundleCategory(from: decoder))
        case "topic": self = .topic(try BundleTopic(from: decoder))
        case "glossary": self = .glossary(try BundleGlossaryEntry(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "unknown kind '\(kind.prefix(40))' (expected locale, category, topic or glossary)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .locale(let value): try container.encode("locale", forKey: .kind); try value.encode(to: encoder)
        case .category(let value): try container.encode("category", forKey: .kind); try value.encode(to: encoder)
        case .topic(let value): try container.encode("topic", forKey: .kind); try value.encode(to: encoder)
        case .glossary(let value): try container.encode("glossary", forKey: .kind); try value.encode(to: encoder)
        }
    }
}
