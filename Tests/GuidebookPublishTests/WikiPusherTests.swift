import Foundation
@testable import GuidebookCore
@testable import GuidebookPublish
import GuidebookTestSupport
import GuidebookWiki
import HTTPClient
import HTTPServer
import XCTest

/// The BookStack and Outline pushers against stand-in servers written here from the two APIs'
/// documented requests and answers (BookStack `routes/api.php`, `ImportApiController`,
/// `dev/api/responses/imports-*.json`; Outline `documents.import`, `documents.update` and its
/// rate limiter's `Retry-After`/`RateLimit-*` headers): the wikis themselves cannot run here.
/// The stand-ins listen on loopback, which the pushers refuse unless the operator allows private
/// addresses (`--allow-private`), so the tests allow them, and check the refusal without it.
final class WikiPusherTests: XCTestCase {
    private var guidebook: TestGuidebook!
    private var root: String!
    private let allowLoopback = OutboundAddressPolicy(allowsPrivate: true)

    override func setUpWithError() throws {
        guidebook = try TestGuidebook()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-pushers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        addTeardownBlock { [guidebook, root] in
            guidebook?.stop()
            if let root { try? FileManager.default.removeItem(atPath: root) }
        }
    }

    // MARK: BookStack

    /// BookStack's import API as documented: list books by name, upload (`POST /api/import`, multipart
    /// `file`), run (`POST /api/import/{id}`), delete books; `Authorization: Token id:secret` on each.
    private func bookStack(failRun: Bool = false) throws -> StandInServer {
        let books = Books()
        return try StandInServer { request, _ in
            guard request.header("authorization") == "Token tid:tsecret" else {
                return StandInServer.json(401, ["error": ["code": 401, "message": "No authorization token found on the request"]])
            }
            switch (request.method, request.path) {
            case ("GET", "/api/books"):
                let name = request.query.first { $0.name == "filter[name]" }?.value
                let data = books.all.filter { name == nil || $0.name == name }.map { ["id": $0.id, "name": $0.name] as [String: Any] }
                return StandInServer.json(200, ["data": data, "total": data.count])
            case ("POST", "/api/import"):
                guard let file = request.parts["file"], file.filename?.hasSuffix(".zip") == true else {
                    return StandInServer.json(422, ["error": ["code": 422, "message": "The file field is required."]])
                }
                let id = books.upload(file.data)
                return StandInServer.json(200, ["id": id, "type": "book", "name": "pending", "size": file.data.count, "created_by": 1,
                                                "path": "uploads/files/imports/x.zip", "created_at": "2026-12-03T00:00:00.000000Z"])
            case ("POST", let path) where path.hasPrefix("/api/import/"):
                guard !failRun, let id = Int(path.dropFirst("/api/import/".count)), let zip = books.uploads[id] else {
                    return StandInServer.json(500, ["error": ["code": 500, "message": "ZIP import failed with the following errors: \ninvalid"]])
                }
                let book = books.create(name: Books.bookName(in: zip))
                return StandInServer.json(200, ["id": book, "name": Books.bookName(in: zip), "slug": "guidebook"])
            case ("DELETE", let path) where path.hasPrefix("/api/books/"):
                books.delete(Int(path.dropFirst("/api/books/".count)) ?? 0)
                return HTTPResponse(status: 204)
            case ("DELETE", let path) where path.hasPrefix("/api/import/"):
                return HTTPResponse(status: 204)
            default:
                return StandInServer.json(404, ["error": ["code": 404, "message": "not found"]])
            }
        }
    }

    func testBookStackImportsTheZipAndRetiresTheEarlierBook() throws {
        let server = try bookStack()
        defer { server.stop() }
        let book = try guidebook.store.read { try WikiPush(reader: $0, locale: "ko").book() }
        let pusher = try BookStackPusher(url: server.url + "/", tokenID: "tid", tokenSecret: "tsecret", policy: allowLoopback)
        let first = try pusher.push(zip: book.zip, fileName: book.fileName, bookName: book.name)
        XCTAssertEqual(first.replaced, [])
        let second = try pusher.push(zip: book.zip, fileName: book.fileName, bookName: book.name)
        XCTAssertEqual(second.replaced, [first.bookID], "the earlier import goes to the recycle bin once the new one exists")
        XCTAssertEqual(server.requests.map { "\($0.method) \($0.path)" },
                       ["GET /api/books", "POST /api/import", "POST /api/import/1", "GET /api/books", "POST /api/import", "POST /api/import/2",
                        "DELETE /api/books/\(first.bookID)"])
        // The ZIP that arrived is the documented format, field by field.
        let upload = try XCTUnwrap(server.requests[1].parts["file"])
        XCTAssertEqual(upload.filename, "guidebook-ko.zip")
        try Data(upload.data).write(to: URL(fileURLWithPath: root + "/upload.zip"))
        let check = try SystemTool.check("python3", [TestGuidebook.packageRoot + "/Tests/Wiki/check_layouts.py", "bookstack", root + "/upload.zip"]).text
        XCTAssertTrue(check.contains("\"book\": \"Guidebook (한국어)\""), check)
    }

    func testAFailedBookStackImportLeavesTheEarlierBook() throws {
        let server = try bookStack(failRun: true)
        defer { server.stop() }
        let book = try guidebook.store.read { try WikiPush(reader: $0, locale: "en").book() }
        let pusher = try BookStackPusher(url: server.url, tokenID: "tid", tokenSecret: "tsecret", policy: allowLoopback)
        XCTAssertThrowsError(try pusher.push(zip: book.zip, fileName: book.fileName, bookName: book.name)) { error in
            XCTAssertTrue("\(error)".contains("500"), "\(error)")
            XCTAssertFalse("\(error)".contains("tsecret"))
        }
        XCTAssertFalse(server.requests.contains { $0.method == "DELETE" && $0.path.hasPrefix("/api/books/") }, "no book is deleted")
        XCTAssertTrue(server.requests.contains { $0.method == "DELETE" && $0.path == "/api/import/1" }, "the pending upload is removed")

        let wrong = try BookStackPusher(url: server.url, tokenID: "tid", tokenSecret: "wrong", policy: allowLoopback)
        XCTAssertThrowsError(try wrong.push(zip: book.zip, fileName: book.fileName, bookName: book.name)) { XCTAssertTrue("\($0)".contains("401"), "\($0)") }
    }

    func testLoopbackIsRefusedUnlessTheOperatorAllowsIt() throws {
        let server = try bookStack()
        defer { server.stop() }
        let pusher = try BookStackPusher(url: server.url, tokenID: "tid", tokenSecret: "tsecret", policy: OutboundAddressPolicy(allowsPrivate: false))
        XCTAssertThrowsError(try pusher.push(zip: [], fileName: "x.zip", bookName: "x")) { error in
            XCTAssertTrue("\(error)".contains("loopback"), "\(error)")
        }
        XCTAssertEqual(server.requests.count, 0, "nothing reached the server")
        XCTAssertThrowsError(try BookStackPusher(url: "https://user:pw@wiki.example.com", tokenID: "a", tokenSecret: "b", policy: allowLoopback))
        XCTAssertThrowsError(try BookStackPusher(url: "ftp://wiki.example.com", tokenID: "a", tokenSecret: "b", policy: allowLoopback))
    }

    // MARK: Outline

    /// Outline's API as documented: `documents.import` (multipart `file`, `collectionId`, `publish`)
    /// and `documents.update` (JSON), answering `{"data": document}`; the third import is refused
    /// with 429 and `Retry-After: 1`, as Outline's rate limiter does.
    private func outline(limitAt: Int = 2) throws -> StandInServer {
        let documents = Documents()
        return try StandInServer { request, _ in
            guard request.header("authorization") == "Bearer ol_api_key" else {
                return StandInServer.json(401, ["ok": false, "error": "authentication_required", "status": 401])
            }
            switch request.path {
            case "/api/documents.import":
                if documents.importsSoFar == limitAt && !documents.limited {
                    documents.limited = true
                    return StandInServer.json(429, ["ok": false, "error": "rate_limit_exceeded", "status": 429],
                                              headers: [("Retry-After", "1"), ("RateLimit-Limit", "25"), ("RateLimit-Remaining", "0")])
                }
                let parts = request.parts
                guard let file = parts["file"], parts["collectionId"].map({ String(decoding: $0.data, as: UTF8.self) }) == "col-1",
                      parts["publish"].map({ String(decoding: $0.data, as: UTF8.self) }) == "true" else {
                    return StandInServer.json(400, ["ok": false, "error": "validation_error", "message": "collectionId is required"])
                }
                let text = String(decoding: file.data, as: UTF8.self)
                let title = String(text.split(separator: "\n").first?.dropFirst(2) ?? "")
                let id = documents.add(title: title, text: text)
                return StandInServer.json(200, ["data": ["id": id, "title": title, "url": "/doc/\(id)", "collectionId": "col-1"], "ok": true, "status": 200])
            case "/api/documents.update":
                guard let json = request.json, let id = json["id"] as? String, documents.exists(id) else {
                    return StandInServer.json(404, ["ok": false, "error": "not_found", "status": 404])
                }
                documents.update(id, text: json["text"] as? String ?? "")
                return StandInServer.json(200, ["data": ["id": id, "title": json["title"] ?? "", "url": "/doc/\(id)"], "ok": true, "status": 200])
            default:
                return StandInServer.json(404, ["ok": false, "error": "not_found", "status": 404])
            }
        }
    }

    private func pushOutline(_ server: StandInServer) throws -> OutlinePusher.Outcome {
        let pusher = try OutlinePusher(url: server.url, token: "ol_api_key", collection: "col-1", statePath: root + "/outline.json", policy: allowLoopback)
        let (pages, index) = try guidebook.store.read { reader in
            let push = try WikiPush(reader: reader, locale: "ko")
            return (try push.pages(), { push.index(links: $0) })
        }
        return try pusher.push(pages.map { .init(key: $0.key, title: $0.title, text: $0.markdown) },
                               index: { let page = index($0); return .init(key: page.key, title: page.title, text: page.markdown) })
    }

    func testOutlineImportsEachTopicOnceHonoursTheRateLimitAndUpdatesOnlyWhatChanged() throws {
        let server = try outline()
        defer { server.stop() }
        let topics = try guidebook.store.read { try $0.topics(category: nil, after: nil, limit: 500).items.count }
        let first = try pushOutline(server)
        XCTAssertEqual(first.imported, topics + 1, "every topic and the index, once each")
        XCTAssertGreaterThanOrEqual(first.waited, 1)
        let imports = server.requests.filter { $0.path == "/api/documents.import" }
        XCTAssertEqual(imports.count, topics + 2, "the refused import was sent again")
        XCTAssertGreaterThanOrEqual(imports[3].at.timeIntervalSince(imports[2].at), 0.95, "Retry-After was waited out")
        let titles = imports.compactMap { request -> String? in
            guard let file = request.parts["file"] else { return nil }
            return String(String(decoding: file.data, as: UTF8.self).split(separator: "\n").first ?? "")
        }
        XCTAssertTrue(titles.contains("# 진행 표시기"), "Korean pages: \(titles.prefix(3))")
        let index = String(decoding: try XCTUnwrap(imports.last?.parts["file"]).data, as: UTF8.self)
        XCTAssertTrue(index.contains("](/doc/"), "the index links the imported documents: \(index.prefix(300))")

        let second = try pushOutline(server)
        XCTAssertEqual(second, OutlinePusher.Outcome(imported: 0, updated: 0, unchanged: topics + 1, waited: 0), "nothing changed: nothing sent")

        let guideline = try XCTUnwrap(try guidebook.store.read { try $0.guideline(id: "progress-indicators.prefer-progress-bars") })
        _ = try guidebook.store.write { writer in
            try writer.editor.putGuidelineTranslation(id: guideline.id, locale: "ko", text: "측정할 수 있으면 진행률 표시줄을 쓰세요.", precondition: .none)
        }
        let third = try pushOutline(server)
        XCTAssertEqual(third.updated, 1)
        XCTAssertEqual(third.imported, 0)
        let update = try XCTUnwrap(server.requests.last { $0.path == "/api/documents.update" }?.json)
        XCTAssertEqual(update["title"] as? String, "진행 표시기")
        XCTAssertTrue((update["text"] as? String)?.contains("측정할 수 있으면") ?? false)
    }
}

/// The BookStack stand-in's books and pending uploads.
private final class Books: @unchecked Sendable {
    private let lock = NSLock()
    private var books: [(id: Int, name: String)] = []
    private(set) var uploads: [Int: [UInt8]] = [:]
    private var nextBook = 10, nextImport = 1

    var all: [(id: Int, name: String)] { lock.withLock { books } }
    func upload(_ zip: [UInt8]) -> Int { lock.withLock { uploads[nextImport] = zip; nextImport += 1; return nextImport - 1 } }
    func create(name: String) -> Int { lock.withLock { books.append((nextBook, name)); nextBook += 1; return nextBook - 1 } }
    func delete(_ id: Int) { lock.withLock { books.removeAll { $0.id == id } } }

    /// The book's name in a Portable ZIP's `data.json` (read with unzip, as BookStack reads the file).
    static func bookName(in zip: [UInt8]) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString).zip").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(zip)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let data = try? SystemTool.check("unzip", ["-p", path, "data.json"]).output,
              let json = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any],
              let book = json["book"] as? [String: Any], let name = book["name"] as? String else { return "unreadable" }
        return name
    }
}

/// The Outline stand-in's documents.
private final class Documents: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String: String] = [:]
    private var count = 0
    var limited = false

    var importsSoFar: Int { lock.withLock { count } }
    func add(title: String, text: String) -> String { lock.withLock { count += 1; let id = "doc-\(count)"; texts[id] = text; return id } }
    func exists(_ id: String) -> Bool { lock.withLock { texts[id] != nil } }
    func update(_ id: String, text: String) { lock.withLock { texts[id] = text } }
}
