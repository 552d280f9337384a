import GuidebookCore

extension NotesParser {
    /// Settings of a `NotesParser`.
    public struct Options: Sendable, Equatable {
        /// The slug of the category every parsed topic is put in.
        public var categorySlug: String
        /// The category's title; the bundle declares the category with it.
        public var categoryTitle: LocalizedText
        /// English titles of topics the knowledge base already has, mapped to their slugs. Used to
        /// recognise titles in index paragraphs and title lines, and to reuse existing slugs. May be
        /// empty: titles are then found by heuristics alone.
        public var knownTopicTitles: [String: String]

        /// Creates options; the defaults put topics in an "Imported notes" category.
        public init(categorySlug: String = "notes",
                    categoryTitle: LocalizedText = ["en": "Imported notes", "ko": "가져온 노트"],
                    knownTopicTitles: [String: String] = [:]) {
            self.categorySlug = categorySlug
            self.categoryTitle = categoryTitle
            self.knownTopicTitles = knownTopicTitles
        }
    }
}
