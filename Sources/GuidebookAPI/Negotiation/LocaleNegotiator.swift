import GuidebookText

/// Chooses the locales a response is written in, from `?lang=` or `Accept-Language`.
public enum LocaleNegotiator {
    /// The locales to answer in, in order. `lang` wins over `Accept-Language`; an unknown locale in
    /// `lang` is the client's mistake (a `Problem`), an unknown one in `Accept-Language` is skipped.
    public static func negotiate(lang: String?, acceptLanguage: String?, available: [String], source: String) throws -> [String] {
        if let lang {
            let requested = lang.split(separator: ",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
            guard !requested.isEmpty else {
                throw Problem.badParameter("lang", "lang must name one or more locales, such as lang=ko or lang=en,ko")
            }
            var result: [String] = []
            for code in requested {
                if code == "*" {
                    for locale in available where !result.contains(locale) { result.append(locale) }
                    continue
                }
                guard let match = bestMatch(code, in: available) else {
                    throw Problem.badParameter("lang", "unknown locale '\(code.prefix(40))'; available: \(available.joined(separator: ", "))")
                }
                if !result.contains(match) { result.append(match) }
            }
            return result
        }
        if let acceptLanguage {
            for code in parseAcceptLanguage(acceptLanguage) {
                if code == "*" { return [source] }
                if let match = bestMatch(code, in: available) { return [match] }
            }
        }
        return [source]
    }

    /// Language ranges from an `Accept-Language` header, best first; q=0 ranges are dropped.
    /// Ties keep the header's order.
    public static func parseAcceptLanguage(_ header: String) -> [String] {
        var ranges: [(code: String, q: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";")
            guard let first = pieces.first else { continue }
            let code = first.trimmingSpaces().lowercased()
            guard !code.isEmpty, code.count <= 35 else { continue }
            var q = 1.0
            for parameter in pieces.dropFirst() {
                let trimmed = parameter.trimmingSpaces()
                if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)), value >= 0, value <= 1 { q = value }
            }
            if q > 0 { ranges.append((code, q, order)) }
        }
        return ranges.sorted { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }.map(\.code)
    }

    /// `ko-KR` matches `ko`; an exact match wins.
    static func bestMatch(_ code: String, in available: [String]) -> String? {
        if available.contains(code) { return code }
        let primary = code.split(separator: "-").first.map(String.init) ?? code
        if available.contains(primary) { return primary }
        return available.first { $0.split(separator: "-").first.map(String.init) == primary }
    }
}
