extension String {
    /// The string of `scalars`, made from their UTF-8 in one go (much quicker than appending them
    /// to a `String.UnicodeScalarView`, which the text code does for every word it makes).
    @inlinable
    public init<Scalars: Collection>(scalars: Scalars) where Scalars.Element == Unicode.Scalar {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count * 3)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
