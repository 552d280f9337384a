import Foundation

/// Recognises the bits of markup and boilerplate that people leave in copied notes: Notion-style
/// `<aside>` tip blocks, "TIP" labels, list bullets, source footers, bare links, and the Korean
/// captions of videos and screenshots that have no English counterpart.
enum NoteMarkup {
    // MARK: Tip blocks

    /// If `line` opens an `<aside>` block, the content that follows the tag and its icon on the
    /// same line (often empty); otherwise nil.
    static func asideOpening(_ line: String) -> String? {
        guard line.prefix(6).lowercased() == "<aside" else { return nil }
        guard let close = line.firstIndex(of: ">") else { return "" }
        let rest = line[line.index(after: close)...]
        return String(rest.drop(while: { isIconOrSpace($0) }))
    }

    /// If `line` ends an `<aside>` block, the content before the closing tag (often empty);
    /// otherwise nil.
    static func asideClosing(_ line: String) -> String? {
        guard let range = line.range(of: "</aside>", options: .caseInsensitive) else { return nil }
        return String(line[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    /// Removes a leading tip label ("💡", "TIP", "Note:", "참고:") that marks a tip rather than
    /// being part of its text.
    static func strippingTipLabel(_ text: Substring) -> Substring {
        var rest = text.drop(while: { isIconOrSpace($0) })
        let labels = ["TIP", "TIPS", "NOTE", "IMPORTANT", "WARNING", "팁", "참고", "주의"]
        let words = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        if let first = words.first {
            let bare = first.hasSuffix(":") ? first.dropLast() : first
            let isAllCapsLabel = labels.contains(String(bare)) && bare == bare.uppercased()
            let isColonLabel = first.hasSuffix(":") && labels.contains(String(bare).uppercased())
            if (isAllCapsLabel || isColonLabel), words.count == 2 {
                rest = words[1]
            }
        }
        return rest
    }

    /// Removes a list bullet ("- ", "• ", "* ", "· ") from the start of a line.
    static func strippingListMarker(_ line: String) -> String {
        for marker in ["- ", "• ", "* ", "· ", "◦ ", "▪ "] where line.hasPrefix(marker) {
            return String(line.dropFirst(marker.count))
        }
        return line
    }

    // MARK: Footers and stray lines

    /// Whether `line` starts a source footer ("※ 참고 출처", "Source:", "출처"); everything after it
    /// is citation, not content.
    static func isFooterStart(_ line: String) -> Bool {
        guard line.utf8.count <= 300 else { return false }
        let lowered = line.lowercased()
        let words = ["출처", "참고 자료", "참고자료", "참고 문헌", "참고문헌", "source", "sources", "reference", "references"]
        if line.hasPrefix("※") {
            return words.contains(where: { lowered.contains($0) })
        }
        let bare = lowered.trimmingCharacters(in: CharacterSet(charactersIn: " :：-"))
        if words.contains(bare) { return true }
        return words.contains(where: { lowered.hasPrefix($0 + ":") || lowered.hasPrefix($0 + " :") })
    }

    /// Whether `line` is only a link.
    static func isLinkOnly(_ line: String) -> Bool {
        let lowered = line.prefix(8).lowercased()
        return (lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) && !line.contains(" ")
    }

    /// Whether `line` has no letters at all (dividers, lone emoji, stray punctuation).
    static func hasNoLetters(_ line: String) -> Bool {
        !line.unicodeScalars.contains(where: { $0.properties.isAlphabetic })
    }

    // MARK: Captions and references

    /// Whether a Korean sentence describes a video or screenshot ("…회전하는 비디오입니다.",
    /// "Health 앱의 부분 스크린샷으로, …"): such captions come from the page's media and have no
    /// English text to pair with.
    static func isMediaCaption<S: StringProtocol>(_ sentence: S) -> Bool {
        let media = ["비디오", "동영상", "영상", "스크린샷", "스크린 샷", "캡처", "캡쳐", "이미지", "사진", "그림", "움짤"]
        let captionEndings = ["입니다", "이다", "임", "으로,", "으로 ", "로,", ".", ")", ":", "…"]
        let text = String(sentence)
        for noun in media {
            var searchStart = text.startIndex
            while let found = text.range(of: noun, range: searchStart..<text.endIndex) {
                let after = text[found.upperBound...]
                if after.isEmpty || captionEndings.contains(where: { after.hasPrefix($0) }) {
                    return true
                }
                searchStart = found.upperBound
            }
        }
        return false
    }

    /// Whether an English paragraph is only a pointer elsewhere ("For developer guidance, see
    /// UIProgressView.", "See also Loading."). Translators often skip these, so a missing
    /// translation is expected for them and they are cheap to leave unpaired.
    static func isReference<S: StringProtocol>(_ text: S) -> Bool {
        guard text.utf8.count <= 480, text.count <= 160 else { return false }
        let lowered = text.prefix(24).lowercased()
        let openings = ["for developer guidance", "for related guidance", "for guidance", "for more information",
                        "for more details", "see also", "to learn more", "learn more", "for details", "for more"]
        return openings.contains(where: { lowered.hasPrefix($0) })
    }

    private static func isIconOrSpace(_ character: Character) -> Bool {
        if character == " " { return true }
        // Emoji and pictographs used as tip icons: 💡 ℹ️ ⚠️ ✅ 📌.
        // ASCII digits, "#" and "*" count as emoji in Unicode, so only non-ASCII scalars qualify.
        return character.unicodeScalars.allSatisfy { scalar in
            (scalar.properties.isEmoji && scalar.value > 0x7F) || scalar.value == 0xFE0F || scalar.value == 0x200D
        }
    }
}
