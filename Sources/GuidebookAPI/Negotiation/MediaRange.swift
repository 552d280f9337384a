/// One range of an `Accept` header: a media type (possibly with wildcards) and its weight.
struct MediaRange: Equatable {
    /// The type in lower case: `text/html`, `application/*`, `*/*`.
    let type: String
    /// The `q` weight; 0 means "not this".
    let quality: Double

    /// The ranges of an `Accept` header, in order. A missing or malformed `q` counts as 1.
    static func parse(_ header: String) -> [MediaRange] {
        header.split(separator: ",").map { range in
            let pieces = range.split(separator: ";")
            let type = pieces.first.map { $0.trimmingCharacters(in: " ").lowercased() } ?? ""
            // A range with q=0 (in any spelling: Q=0, q=0.0, q=0.000) means "not this".
            let quality = pieces.dropFirst().compactMap { parameter -> Double? in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " ").lowercased() }
                return pair.count == 2 && pair[0] == "q" ? Double(pair[1]) : nil
            }.first ?? 1
            return MediaRange(type: type, quality: quality)
        }
    }
}
