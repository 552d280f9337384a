import GuidebookBase
import GuidebookCore

/// Writes localized text in the locales a request asked for, and remembers which locales it served.
///
/// One locale: a text field is a string, in that locale or, when it is missing, in the source
/// locale (the item says so with `"fallback": true`). Several locales: a text field is an object
/// with one entry per locale, `null` where a translation is missing.
final class Localizer {
    let requested: [String]
    let source: String
    private(set) var served: [String] = []
    // What the fields of the item being written lacked (reset by `writeMarker`).
    private var itemMissing: Set<String> = []
    private var itemFellBack = false

    init(requested: [String], source: String = SourceLocale.code) {
        self.requested = requested
        self.source = source
    }

    var isSideBySide: Bool { requested.count > 1 }

    /// The locale a single-locale response uses for an item with these texts.
    func locale<Texts: LocalizedTexts>(for text: Texts) -> String {
        let wanted = requested[0]
        return text.hasText(wanted) ? wanted : source
    }

    /// Writes `"locale_mode"`: `"single"` (text fields are strings) or `"side-by-side"` (objects by
    /// locale), so that a client tells the two shapes of an object apart by one member (the
    /// OpenAPI document's discriminator) rather than by guessing from the type of its texts.
    func writeMode(into json: inout JSONWriter) {
        json.field(MarkerKey.localeMode, isSideBySide ? "side-by-side" : "single")
    }

    /// The marker's keys, written on every item of a list, encoded once.
    private enum MarkerKey {
        static let localeMode = JSONWriter.Key("locale_mode")
        static let missingLocales = JSONWriter.Key("missing_locales")
        static let locale = JSONWriter.Key("locale")
        static let fallback = JSONWriter.Key("fallback")
    }

    /// Writes the mode, then `"locale"` and `"fallback"` (one locale) or `"missing_locales"`
    /// (several) for an item, from its primary text and every field written for it since the last marker.
    func writeMarker<Texts: LocalizedTexts>(for text: Texts, into json: inout JSONWriter) {
        writeMode(into: &json)
        if isSideBySide {
            json.key(MarkerKey.missingLocales)
            json.beginArray()
            for code in requested where !text.hasText(code) || itemMissing.contains(code) { json.string(code) }
            json.endArray()
        } else {
            let used = locale(for: text)
            json.field(MarkerKey.locale, used)
            json.field(MarkerKey.fallback, used != requested[0] || itemFellBack)
        }
        if !itemMissing.isEmpty { itemMissing.removeAll() }
        itemFellBack = false
    }

    /// Writes one localized field. `itemLocale` is what `locale(for:)` chose for the item. A field
    /// missing in that locale is written in the source locale and marks the item as a fallback;
    /// `tracked: false` leaves the item's marker alone (for a heading that belongs to no item).
    func write<Texts: LocalizedTexts>(_ name: String, _ text: Texts, itemLocale: String? = nil, tracked: Bool = true, into json: inout JSONWriter) {
        if isSideBySide {
            json.key(name)
            json.beginObject()
            for code in requested {
                json.key(code)
                if text.hasText(code) {
                    text.writeText(code, into: &json)
                    note(code)
                } else {
                    json.null()
                    if tracked { itemMissing.insert(code) }
                }
            }
            json.endObject()
        } else {
            let used = itemLocale ?? locale(for: text)
            if text.hasText(used) {
                json.key(name)
                text.writeText(used, into: &json)
                note(used)
            } else if text.hasText(source) {
                json.key(name)
                text.writeText(source, into: &json)
                note(source)
                if tracked { itemFellBack = true }
            } else {
                // Not even the source locale has this field (an untitled section): write it empty.
                json.field(name, "")
            }
        }
    }

    private func note(_ code: String) {
        if !served.contains(code) { served.append(code) }
    }

    /// A localizer for the same locales, for a part of an answer written apart (a section of a
    /// topic); `absorb` takes back what it served, so `contentLanguage` is as if one had written all.
    func part() -> Localizer {
        Localizer(requested: requested, source: source)
    }

    /// Adds the locales `part` served after those served so far.
    func absorb(_ part: Localizer) {
        for code in part.served { note(code) }
    }

    /// The `Content-Language` header value: the locales actually served, or the first requested.
    var contentLanguage: String {
        served.isEmpty ? requested[0] : served.joined(separator: ", ")
    }
}

/// Text by locale, as a localizer reads it: a dictionary of texts, or a guideline record's texts
/// (written from the record's bytes, without a string made of them).
protocol LocalizedTexts {
    /// True when there is a text in `locale`.
    func hasText(_ locale: String) -> Bool
    /// Writes the text in `locale`, which there is (`hasText`), as a JSON string.
    func writeText(_ locale: String, into json: inout JSONWriter)
}

extension Dictionary: LocalizedTexts where Key == String, Value == String {
    func hasText(_ locale: String) -> Bool { self[locale] != nil }
    func writeText(_ locale: String, into json: inout JSONWriter) { json.string(self[locale] ?? "") }
}

extension GuidelineRecord: LocalizedTexts {
    func hasText(_ locale: String) -> Bool { published(locale) != nil }
    func writeText(_ locale: String, into json: inout JSONWriter) {
        withUTF8(published(locale)?.text ?? 0..<0) { json.string(utf8: $0) }
    }
}
