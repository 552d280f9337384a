/// A comment a transaction wrote: what `comment.created` reports.
struct CreatedComment {
    var thread: Int64
    var comment: Int64
    var owner: TextOwner
    var locale: String
    var author: String
    var body: String
}
