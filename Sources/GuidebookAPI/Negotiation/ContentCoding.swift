/// The content codings the API can answer with (RFC 9110 §8.4.1): none, gzip and Brotli.
public enum ContentCoding: String, Sendable, CaseIterable {
    case identity
    case gzip
    case br

    /// The codings that compress, the better first: the order that breaks a tie between equal
    /// `q` weights.
    static let compressing: [ContentCoding] = [.br, .gzip]
}

/// What a request's `Accept-Encoding` allows, read once when the request's head arrives (RFC 9110
/// §12.5.3): the weight of each coding the API can send.
///
/// - A coding named with `q` above 0 is acceptable at that weight; `q=0` refuses it. `x-gzip` is gzip.
/// - `*` weighs every coding the header does not name (`*;q=0` refuses them all, identity among
///   them unless identity is named).
/// - identity is acceptable unless refused so, but when the header does not name it, any coding
///   it names with a weight comes first; an empty header allows identity only.
/// - Codings the API does not know (`zstd`, `compress`, made-up names) are skipped, whatever
///   their number: they change nothing.
/// - No header at all: identity (the API compresses only for clients that ask).
struct AcceptedEncodings: Sendable, Equatable {
    /// The weight of identity, gzip and br, in `ContentCoding.allCases` order.
    private(set) var weights: [Double]

    /// The weight of an identity nobody named: acceptable, below any coding given a weight (the
    /// smallest weight a header can write is 0.001).
    static let leastWeight = 0.0001

    /// Identity only: what a request without `Accept-Encoding` gets.
    static let identityOnly = AcceptedEncodings(weights: [1, 0, 0])

    private init(weights: [Double]) {
        self.weights = weights
    }

    /// Reads the header's value (nil: no header).
    init(_ header: String?) {
        guard let header else {
            self = .identityOnly
            return
        }
        var named: [Double?] = [nil, nil, nil]
        var wildcard: Double?
        for choice in WeightedValue.parse(header) {
            let quality = choice.quality.isFinite ? min(max(choice.quality, 0), 1) : 0
            switch choice.value {
            case "*": wildcard = quality
            case "identity": named[0] = quality
            case "gzip", "x-gzip": named[1] = max(named[1] ?? 0, quality)
            case "br": named[2] = quality
            default: continue
            }
        }
        // identity not named is acceptable (unless `*;q=0`) but comes after every coding named
        // with a weight, so that `gzip;q=0.5` still means "gzip, please".
        let unnamedIdentity = wildcard.map { $0 > 0 ? $0 : 0 } ?? Self.leastWeight
        weights = [named[0] ?? unnamedIdentity, named[1] ?? wildcard ?? 0, named[2] ?? wildcard ?? 0]
    }

    /// The weight of `coding` (0: not acceptable).
    func weight(_ coding: ContentCoding) -> Double {
        weights[ContentCoding.allCases.firstIndex(of: coding)!]
    }

    /// True when no coding the API can send is acceptable (then the request is a 406).
    var refusesEverything: Bool { weights.allSatisfy { $0 <= 0 } }

    /// The coding for an answer worth compressing: the heaviest acceptable one, a compressing one
    /// before identity at equal weight (Brotli before gzip); nil when none is acceptable.
    var forCompressible: ContentCoding? {
        var best: ContentCoding?
        var bestWeight = 0.0
        for coding in ContentCoding.compressing + [.identity] where weight(coding) > bestWeight {
            (best, bestWeight) = (coding, weight(coding))
        }
        return best
    }

    /// The coding for an answer not worth compressing (small, or of a type that does not shrink):
    /// identity when it is acceptable, otherwise the heaviest acceptable compressing coding.
    var forOther: ContentCoding? {
        weight(.identity) > 0 ? .identity : forCompressible
    }
}
