extension TextSegmenter {
    /// The distinct words of texts as the suggestion vocabulary keeps them (`search_words`),
    /// space-separated: runs of 2 to 32 letters of a Latin-like script (ASCII in lower case), and
    /// runs of 2 to 32 Hangul syllables as written (particles included). Digits, other CJK
    /// characters and everything else end a word.
    ///
    /// Runs once per indexed row on every import, so it works on UTF-8 bytes and keeps the words
    /// seen in a small hash table of its own (String hashing would cost several times more).
    public static func vocabularyWords(_ texts: [String]) -> String {
        var words = WordSet()
        for text in texts {
            var text = text
            text.withUTF8 { words.addWords(of: $0) }
        }
        return String(decoding: words.output, as: UTF8.self)
    }
}

/// The words of `vocabularyWords`, each once, written one after another into `output`.
private struct WordSet {
    private(set) var output: [UInt8] = []
    /// Open addressing: each slot holds a word's start in `output` + 1 (0: empty) and its length.
    private var slots = [(start: Int, length: Int)](repeating: (0, 0), count: 64)
    private var count = 0

    init() {
        output.reserveCapacity(512)
    }

    mutating func addWords(of bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var wordStart = 0
        var script: UInt8 = 0  // 0: not in a word, 1: Latin-like letters, 2: Hangul syllables
        var letters = 0
        while index < bytes.count {
            let byte = bytes[index]
            var kind: UInt8 = 0
            var width = 1
            if byte < 0x80 {
                let folded = byte | 0x20
                kind = folded >= 0x61 && folded <= 0x7A ? 1 : 0
            } else {
                width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
                for offset in 1..<width where index + offset < bytes.count { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                if (0xAC00...0xD7A3).contains(value) {
                    kind = 2
                } else if let scalar = Unicode.Scalar(value), !TextSegmenter.isCJK(scalar), scalar.properties.isAlphabetic {
                    kind = 1
                }
            }
            if kind != script {
                add(bytes, from: wordStart, to: index, script: script, letters: letters)
                wordStart = index
                script = kind
                letters = 0
            }
            letters += 1
            index += width
        }
        add(bytes, from: wordStart, to: min(index, bytes.count), script: script, letters: letters)
    }

    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, script: UInt8, letters: Int) {
        guard script != 0, letters >= 2, letters <= 32 else { return }
        let length = end - start
        var slot = Self.hash(bytes, start, length) & (slots.count - 1)
        while slots[slot].start != 0 {
            if slots[slot].length == length, isWritten(bytes, start, length, at: slots[slot].start - 1) { return }
            slot = (slot + 1) & (slots.count - 1)
        }
        if !output.isEmpty { output.append(0x20) }
        slots[slot] = (output.count + 1, length)
        for index in start..<end { output.append(Self.lowercased(bytes[index])) }
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// True when the word at `start` is the one written at `written`.
    private func isWritten(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, at written: Int) -> Bool {
        for offset in 0..<length where Self.lowercased(bytes[start + offset]) != output[written + offset] { return false }
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = [(start: Int, length: Int)](repeating: (0, 0), count: old.count * 2)
        output.withUnsafeBufferPointer { output in
            for entry in old where entry.start != 0 {
                var slot = Self.hash(output, entry.start - 1, entry.length) & (slots.count - 1)
                while slots[slot].start != 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = entry
            }
        }
    }

    /// FNV-1a over a word with its ASCII letters in lower case, as it is written out.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in start..<(start + length) { hash = (hash ^ UInt64(lowercased(bytes[index]))) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
