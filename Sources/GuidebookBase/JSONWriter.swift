/// Writes JSON straight into a byte buffer.
///
/// Responses are written field by field in a fixed order, which is faster than building
/// dictionaries for `JSONEncoder` and gives byte-stable output (so ETags are stable).
public struct JSONWriter {
    /// The bytes written so far (a copy: read it once, when the answer is written).
    public var bytes: [UInt8] { storage.array }
    /// How many bytes are written so far.
    public var count: Int { storage.count }
    private var storage: ByteStorage
    // Whether each open container already holds an element: bit n for the container at depth n + 1
    // (64 levels in one word, so writing a value touches no array), deeper ones in `deeper`.
    private var hasElement: UInt64 = 0
    private var depth = 0
    private var deeper: [Bool] = []
    private var afterKey = false

    public init(capacity: Int = 1024) {
        storage = ByteStorage(capacity: capacity)
    }

    /// Makes room for `count` more bytes at once (before appending parts of a known size).
    public mutating func reserveCapacity(more count: Int) {
        output().reserve(more: count)
    }

    /// The storage to write into: this writer's own, copied first when a copy of the writer
    /// shares it.
    @inline(__always)
    private mutating func output() -> ByteStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    private mutating func separate() {
        if needsSeparator() { output().append(UInt8(ascii: ",")) }
    }

    /// Notes that an element is written now; true when a comma must come before it.
    private mutating func needsSeparator() -> Bool {
        if afterKey {
            afterKey = false
            return false
        }
        guard depth > 0 else { return false }
        if depth <= 64 {
            let bit: UInt64 = 1 << UInt64(depth - 1)
            if hasElement & bit != 0 { return true }
            hasElement |= bit
            return false
        }
        if deeper[deeper.count - 1] { return true }
        deeper[deeper.count - 1] = true
        return false
    }

    /// Opens an object; returns the offset of its `{` in `bytes` (after any comma before it).
    @discardableResult
    public mutating func beginObject() -> Int { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { _ = open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) -> Int {
        separate()
        let out = output()
        let start = out.count
        out.append(bracket)
        depth += 1
        if depth <= 64 { hasElement &= ~(1 << UInt64(depth - 1)) } else { deeper.append(false) }
        return start
    }

    private mutating func close(_ bracket: UInt8) {
        if depth > 64 { deeper.removeLast() }
        depth -= 1
        output().append(bracket)
    }

    /// Writes an object key; the next value written belongs to it.
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        output().append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// An object key encoded once (quoted, escaped, with its colon), for keys written on every
    /// element of a long list: writing it is one copy of a few bytes.
    ///
    /// Keys are shared constants (`static let`), written by every worker thread at once. Their bytes
    /// are kept inline, not in an array, so writing a key retains nothing: a retain of one shared
    /// array from two cores moves its reference count's cache line between them on every field,
    /// which was 10% of the CPU of a topic read (`swift_retain`, 500 keys a topic of 50 guidelines).
    public struct Key: Sendable {
        /// The encoded key when it fits (every key the API writes); `count` bytes of it are used.
        private let inline: SIMD32<UInt8>
        private let count: Int
        /// The encoded key when it is longer than `inline` holds.
        private let long: [UInt8]?

        public init(_ name: String) {
            var writer = JSONWriter(capacity: name.utf8.count + 3)
            writer.appendQuoted(name)
            writer.output().append(UInt8(ascii: ":"))
            let encoded = writer.bytes
            count = encoded.count
            var inline = SIMD32<UInt8>()
            if encoded.count <= SIMD32<UInt8>.scalarCount {
                for (index, byte) in encoded.enumerated() { inline[index] = byte }
                long = nil
            } else {
                long = encoded
            }
            self.inline = inline
        }

        /// Calls `body` with the encoded key.
        fileprivate func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            if let long { return long.withUnsafeBufferPointer(body) }
            return withUnsafeBytes(of: inline) { raw in
                body(UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[..<count]))
            }
        }
    }

    /// Writes a prepared key; the next value written belongs to it.
    public mutating func key(_ key: Key) {
        separate()
        let out = output()
        key.withBytes { out.append($0) }
        afterKey = true
    }

    /// Writes a prepared key and an integer.
    public mutating func field(_ key: Key, _ value: Int) { appendNumber(value, tenths: false, after: key) }

    /// Writes a prepared key and `value / 10` with one decimal, as `decimal(tenths:)` writes it.
    public mutating func field(_ key: Key, tenths value: Int) { appendNumber(value, tenths: true, after: key) }

    /// Writes a prepared key and a string.
    public mutating func field(_ key: Key, _ value: String) { self.key(key); string(value) }

    /// Writes a prepared key and a string from its UTF-8 bytes (valid UTF-8).
    public mutating func field(_ key: Key, utf8 value: UnsafeBufferPointer<UInt8>) { self.key(key); string(utf8: value) }

    /// Writes a prepared key and a boolean.
    public mutating func field(_ key: Key, _ value: Bool) { self.key(key); bool(value) }

    /// Writes an integer, or `value / 10` with one decimal (`tenths`), after `key` when one is given:
    /// the separator, the key, the sign and the digits composed in a buffer on the stack and appended
    /// at once (one capacity check instead of one per byte; no string made).
    private mutating func appendNumber(_ value: Int, tenths: Bool, after key: Key?) {
        let needsComma = needsSeparator()
        guard let key else { return appendNumber(value, tenths: tenths, comma: needsComma, key: UnsafeBufferPointer(start: nil, count: 0)) }
        key.withBytes { appendNumber(value, tenths: tenths, comma: needsComma, key: $0) }
    }

    private mutating func appendNumber(_ value: Int, tenths: Bool, comma needsComma: Bool, key encoded: UnsafeBufferPointer<UInt8>) {
        // At most a comma, the key, a sign, 20 digits and a decimal point.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: encoded.count + 24) { buffer in
            var end = 0
            if needsComma {
                buffer[0] = UInt8(ascii: ",")
                end = 1
            }
            for byte in encoded {
                buffer[end] = byte
                end += 1
            }
            if value < 0 {
                buffer[end] = UInt8(ascii: "-")
                end += 1
            }
            var rest = value.magnitude
            var fraction: UInt8?
            if tenths {
                fraction = UInt8(rest % 10)
                rest /= 10
            }
            // Digits counted, then written from the last.
            var digits = 1
            var scale: UInt = 10
            while digits < 20, rest >= scale {
                digits += 1
                (scale, _) = scale.multipliedReportingOverflow(by: 10)
            }
            end += digits
            var index = end
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if let fraction {
                buffer[end] = UInt8(ascii: ".")
                buffer[end + 1] = UInt8(ascii: "0") + fraction
                end += 2
            }
            output().append(UnsafeBufferPointer(rebasing: buffer[..<end]))
        }
    }

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    public mutating func int(_ value: Int) { appendNumber(value, tenths: false, after: nil) }

    /// Writes `tenths / 10` with one decimal (`12.3`, `100.0`, `0.0`): the text `double` writes for
    /// such a value, without making a string for it (a coverage answer holds 120,000 of them at 1M).
    public mutating func decimal(tenths: Int) { appendNumber(tenths, tenths: true, after: nil) }

    public mutating func double(_ value: Double) {
        separate()
        var text = value.isFinite ? String(value) : "null"
        let out = output()
        text.withUTF8 { out.append($0) }
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendLiteral(value ? "true" : "false")
    }

    public mutating func null() {
        separate()
        appendLiteral("null")
    }

    /// Writes pre-encoded JSON as one value (it must be valid JSON).
    public mutating func raw(_ json: [UInt8]) {
        separate()
        let out = output()
        json.withUnsafeBufferPointer { out.append($0) }
    }

    /// Writes what another writer wrote (it must be one whole value) as one value, without
    /// copying it out first.
    public mutating func raw(_ json: JSONWriter) {
        separate()
        let source = json.storage
        output().append(UnsafeBufferPointer(start: source.base, count: source.count))
    }

    /// Writes pre-encoded JSON that is one element or several separated by commas (`{…},{…}`, a run
    /// of an array's elements copied from an earlier answer); returns the offset where it starts in
    /// `bytes` (after any comma before it).
    @discardableResult
    public mutating func elements(_ json: ArraySlice<UInt8>) -> Int {
        separate()
        let out = output()
        let start = out.count
        json.withUnsafeBufferPointer { out.append($0) }
        return start
    }

    /// Writes a string from its UTF-8 bytes (which must be valid UTF-8), as `string(_:)` writes the
    /// same text: a text read from the database is written without a `String` made of it.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        let out = output()
        out.append(UInt8(ascii: "\""))
        Self.appendEscaped(utf8, to: out)
        out.append(UInt8(ascii: "\""))
    }

    /// Writes one string: `prefix`, the text of `utf8`, then `suffix` (a link from a path and an id).
    public mutating func string(_ prefix: String, utf8: UnsafeBufferPointer<UInt8>, _ suffix: String = "") {
        separate()
        let out = output()
        out.append(UInt8(ascii: "\""))
        Self.appendEscaped(prefix, to: out)
        Self.appendEscaped(utf8, to: out)
        if !suffix.isEmpty { Self.appendEscaped(suffix, to: out) }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Conveniences for `"key": value` pairs

    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    /// `"name": "text"` from the text's UTF-8 bytes (valid UTF-8).
    public mutating func field(_ name: String, utf8 value: UnsafeBufferPointer<UInt8>) { key(name); string(utf8: value) }
    public mutating func field(_ name: String, _ value: Int) { key(name); int(value) }
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }
    public mutating func field(_ name: String, _ value: Double) { key(name); double(value) }
    public mutating func field(_ name: String, tenths value: Int) { key(name); decimal(tenths: value) }
    public mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }
    public mutating func field(_ name: String, _ value: Int?) {
        key(name)
        if let value { int(value) } else { null() }
    }

    /// Writes an array of strings.
    public mutating func field(_ name: String, _ values: [String]) {
        key(name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes an object of string values with keys in sorted order.
    public mutating func field(_ name: String, _ values: [String: String]) {
        object(name, values.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
    }

    /// Writes an object of string values in the order given (such as an item's `links`).
    public mutating func object(_ name: String, _ members: [(String, String)]) {
        key(name)
        beginObject()
        for (k, v) in members { field(k, v) }
        endObject()
    }

    /// Writes an object whose members `members` writes (a nested object of a representation).
    public mutating func object(_ name: String, _ members: (inout JSONWriter) throws -> Void) rethrows {
        key(name)
        beginObject()
        try members(&self)
        endObject()
    }

    /// Writes an array of one object per element of `elements`, whose members `members` writes.
    /// Inlinable, so a caller's sequence is iterated as its own type rather than through generic
    /// witnesses (a search answer writes some thirty facets this way).
    @inlinable
    public mutating func objects<Elements: Sequence>(_ name: String, _ elements: Elements,
                                                     _ members: (inout JSONWriter, Elements.Element) throws -> Void) rethrows {
        key(name)
        beginArray()
        for element in elements {
            beginObject()
            try members(&self, element)
            endObject()
        }
        endArray()
    }

    private mutating func appendQuoted(_ text: String) {
        let out = output()
        out.append(UInt8(ascii: "\""))
        Self.appendEscaped(text, to: out)
        out.append(UInt8(ascii: "\""))
    }

    private mutating func appendLiteral(_ text: StaticString) {
        let out = output()
        text.withUTF8Buffer { out.append($0) }
    }

    /// Appends `text` escaped for a JSON string, without the quotes. A native string's bytes are
    /// read in place (no copy of the string, no retain).
    private static func appendEscaped(_ text: String, to out: ByteStorage) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: out) }
        if done == nil {
            var copy = text
            copy.withUTF8 { appendEscaped($0, to: out) }
        }
    }

    /// Appends UTF-8 bytes escaped for a JSON string, without the quotes.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: ByteStorage) {
        let count = utf8.count
        guard count > 0, let base = utf8.baseAddress else { return }
        // Most texts need no escape: find the first byte that does, eight bytes at a time
        // (`needsEscape`), and copy what comes before it in one go.
        var index = 0
        while index + 8 <= count, !Self.needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { index += 8 }
        while index < count, !Self.isEscaped(base[index]) { index += 1 }
        out.append(UnsafeBufferPointer(start: base, count: index))
        guard index < count else { return }
        // Then escape what must be, copying the runs between in one go each.
        var runStart = index
        while index < count {
            if index + 8 <= count, !Self.needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let end = min(index + 8, count)
            while index < end {
                let byte = base[index]
                index += 1
                guard Self.isEscaped(byte) else { continue }
                if runStart < index - 1 { out.append(UnsafeBufferPointer(start: base + runStart, count: index - 1 - runStart)) }
                runStart = index
                appendEscape(byte, to: out)
            }
        }
        if runStart < count { out.append(UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
    }

    /// A byte a JSON string cannot hold as it is: a control character, a quote, a backslash, DEL.
    @inline(__always)
    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5c || byte == 0x7f
    }

    /// True when one of the eight bytes of `word` is below 0x20, a quote, a backslash or DEL: each
    /// test is the "has a zero byte" / "has a byte less than n" bit trick, exact as to whether one
    /// exists (bytes of 0x80 and above, parts of longer UTF-8 sequences, never count).
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }
        let control = (word &- ones &* 0x20) & ~word & high
        return control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5c)) | hasZero(word ^ (ones &* 0x7f)) != 0
    }

    private static func appendEscape(_ byte: UInt8, to out: ByteStorage) {
        out.append(0x5c)
        switch byte {
        case 0x22, 0x5c: out.append(byte)
        case 0x0a: out.append(UInt8(ascii: "n"))
        case 0x0d: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            let (high, low) = hex.withUTF8Buffer { ($0[Int(byte >> 4)], $0[Int(byte & 0xf)]) }
            out.append(UInt8(ascii: "u"))
            out.append(0x30)
            out.append(0x30)
            out.append(high)
            out.append(low)
        }
    }
}
