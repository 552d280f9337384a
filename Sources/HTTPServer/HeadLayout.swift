/// Proof that no NUL byte cut the request head short in libmicrohttpd's read buffer.
///
/// libmicrohttpd 0.9.75 parses the head in place: it ends each line by overwriting its CR LF (or
/// bare LF) with zero bytes, the space after the method and the one before the version likewise,
/// and each header's colon; it then hands the method, the target and every header name and value
/// over as C strings, their lengths taken with `strlen`. A NUL byte the client sent is therefore
/// the same as the end of the value (`Authorization: Bearer <token>\0junk` arrived as the token),
/// and a NUL at the start of a line ended the head there. No function of the library gives the
/// lengths of the bytes as sent.
///
/// The head is still one run of bytes, though, from the method to the empty line (its size is
/// `MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE`), and the strings point into it. Walking it from the
/// method, every byte must be accounted for: the method, one zero byte, the spaces MHD skipped,
/// the target (whose raw length the URI log callback saw before MHD rewrote it in place), one zero
/// byte, the 8 bytes of `HTTP/x.y`; and for each header in order, right after the end of the line
/// before it (one or two zero bytes), its name, one zero byte, the blanks MHD skipped and its value;
/// then two to four zero bytes (the last line's end and the empty line) up to the end of the head.
/// Any byte left over is a NUL the client sent (or a header folded onto a second line, which MHD
/// copies elsewhere): the request is refused. A NUL just before a line's end cannot be told from
/// its CR; it cuts nothing.
struct HeadLayout {
    /// Where one header's name and value start in the head, and their C-string lengths.
    struct Header {
        var name: Int
        var nameLength: Int
        var value: Int
        var valueLength: Int
    }

    /// The head as MHD left it, from the first byte of the method to the end of the empty line.
    let bytes: UnsafeRawBufferPointer

    /// True when every byte of the head is accounted for. Offsets are from the start of the method;
    /// `targetLength` is the raw target's length as the URI log callback read it.
    func isIntact(methodLength: Int, target: Int, targetLength: Int, version: Int, headers: [Header]) -> Bool {
        var position = methodLength
        guard methodLength > 0, isZero(position) else { return false }
        position += 1
        while position < target {
            guard byte(position) == UInt8(ascii: " ") else { return false }
            position += 1
        }
        guard position == target, target + targetLength + 1 == version, isZero(version - 1) else { return false }
        // MHD took the version as exactly 8 bytes ("HTTP/1.1"); it refuses any other length.
        position = version + 8
        for header in headers {
            let lineEnd = zeros(from: position)
            guard lineEnd == 1 || lineEnd == 2, position + lineEnd == header.name else { return false }
            position = header.name + header.nameLength
            guard header.nameLength > 0, isZero(position) else { return false }
            position += 1
            while position < header.value {
                guard byte(position) == UInt8(ascii: " ") || byte(position) == UInt8(ascii: "\t") else { return false }
                position += 1
            }
            guard position == header.value else { return false }
            position += header.valueLength
        }
        let end = zeros(from: position)
        return (2...4).contains(end) && position + end == bytes.count
    }

    private func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    private func isZero(_ offset: Int) -> Bool { byte(offset) == 0 }

    /// How many zero bytes follow from `offset` (within the head).
    private func zeros(from offset: Int) -> Int {
        var count = 0
        while isZero(offset + count) { count += 1 }
        return count
    }
}
