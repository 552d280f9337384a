/// One value of a header that lists weighted choices: a media range of `Accept` (`text/html`,
/// `application/*`, `*/*`) or a coding of `Accept-Encoding` (`gzip`), with its `q` weight.
struct WeightedValue: Equatable {
    /// The value in lower case.
    let value: String
    /// The `q` weight; 0 means "not this".
    let quality: Double

    /// The values of the header, in order. A missing or malformed `q` counts as 1.
    static func parse(_ header: String) -> [WeightedValue] {
        header.split(separator: ",").map { range in
            let pieces = range.split(separator: ";")
            let value = pieces.first.map { $0.trimmingCharacters(in: " ").lowercased() } ?? ""
            // A range with q=0 (in any spelling: Q=0, q=0.0, q=0.000) means "not this".
            let quality = pieces.dropFirst().compactMap { parameter -> Double? in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " ").lowercased() }
                return pair.count == 2 && pair[0] == "q" ? Double(pair[1]) : nil
            }.first ?? 1
            return WeightedValue(value: value, quality: quality)
        }
    }
}
