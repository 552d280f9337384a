import GuidebookText

/// Splits a paragraph into sentences and groups them into runs of one script.
///
/// Bilingual notes often put an English passage and its Korean translation in one paragraph
/// ("… features. iOS 13.0 이상에서 …"). The paragraph is cut at sentence boundaries where the script
/// changes. Cutting too often is harmless, because neighbouring sentences of the same script are
/// joined again, so the splitter treats every ".", "!", "?", ":", ";" or "…" followed by a space
/// as a boundary ("Presenting content modally can: Modality는 …" changes language after a colon).
/// A full stop not followed by a space ("13.0", "참조하십시오.IndicatorView") is not a boundary.
enum SentenceSplitter {
    /// A stretch of consecutive sentences in one script.
    struct Run: Sendable {
        var script: Script
        /// The run's text, from the start of its first sentence to the end of its last.
        var range: Range<String.Index>
        /// The sentences of the run, in order.
        var sentences: [Range<String.Index>]
    }

    /// The sentences of `text[range]`, each trimmed of surrounding spaces.
    static func sentences(in text: String, range: Range<String.Index>) -> [Range<String.Index>] {
        let scalars = text.unicodeScalars
        var result: [Range<String.Index>] = []
        var sentenceStart: String.Index?
        var lastNonSpaceEnd = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index = scalars.index(after: index)
                continue
            }
            if sentenceStart == nil { sentenceStart = index }
            var next = scalars.index(after: index)
            lastNonSpaceEnd = next
            if isTerminal(scalar) {
                // Take further terminals and closing quotes or brackets with the sentence: `.")`.
                while next < range.upperBound, isTerminal(scalars[next]) || isCloser(scalars[next]) {
                    next = scalars.index(after: next)
                }
                lastNonSpaceEnd = next
                if next == range.upperBound || scalars[next].properties.isWhitespace, let start = sentenceStart {
                    result.append(start..<next)
                    sentenceStart = nil
                }
            }
            index = next
        }
        if let start = sentenceStart, start < lastNonSpaceEnd {
            result.append(start..<lastNonSpaceEnd)
        }
        return result
    }

    /// The script runs of `text[range]`. Sentences without letters of either script (a lone "1.")
    /// join the run before them, or the first run when they lead.
    static func scriptRuns(in text: String, range: Range<String.Index>) -> [Run] {
        var runs: [Run] = []
        var leadingNeutral: [Range<String.Index>] = []
        for sentence in sentences(in: text, range: range) {
            let script = Script.of(text[sentence])
            if script == .none {
                if runs.isEmpty {
                    leadingNeutral.append(sentence)
                } else {
                    runs[runs.count - 1].sentences.append(sentence)
                    runs[runs.count - 1].range = runs[runs.count - 1].range.lowerBound..<sentence.upperBound
                }
                continue
            }
            if let last = runs.last, last.script == script {
                runs[runs.count - 1].sentences.append(sentence)
                runs[runs.count - 1].range = last.range.lowerBound..<sentence.upperBound
            } else {
                var sentencesOfRun = [sentence]
                var lower = sentence.lowerBound
                if runs.isEmpty, let first = leadingNeutral.first {
                    sentencesOfRun = leadingNeutral + sentencesOfRun
                    lower = first.lowerBound
                    leadingNeutral = []
                }
                runs.append(Run(script: script, range: lower..<sentence.upperBound, sentences: sentencesOfRun))
            }
        }
        return runs
    }

    private static func isTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "!", "?", ":", ";", "…", "。", "！", "？", "：", "；": return true
        default: return false
        }
    }

    private static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ")", "]", "}", "\"", "'", "’", "”", "»", "」", "』", "）": return true
        default: return false
        }
    }
}
