import Foundation
import GuidebookAPI
import GuidebookCore
import GuidebookTestSupport
import XCTest

/// The OpenAPI document against the code: every route is documented and every documented
/// operation is routed, every problem type and media type the code can produce is described, and
/// the document is well-formed enough for tools to load.
final class OpenAPIContractTests: XCTestCase {
    /// The HTTP methods an OpenAPI path item may hold.
    private static let operationMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp(loadSeed: false)
    }

    // MARK: Helpers

    private func document(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))
        return try XCTUnwrap(value as? [String: Any], "the document is not a JSON object", file: file, line: line)
    }

    private func paths() throws -> [String: [String: Any]] {
        let paths = try XCTUnwrap(try document()["paths"] as? [String: Any], "the document has no paths object")
        return try paths.mapValues { try XCTUnwrap($0 as? [String: Any], "a path item is not an object") }
    }

    /// Every documented operation as (METHOD, path template, operation object).
    private func operations() throws -> [(method: String, path: String, operation: [String: Any])] {
        var result: [(method: String, path: String, operation: [String: Any])] = []
        for (path, item) in try paths() {
            for method in Self.operationMethods {
                guard let operation = item[method] else { continue }
                result.append((method.uppercased(), path, try XCTUnwrap(operation as? [String: Any], "\(method) \(path) is not an object")))
            }
        }
        return result
    }

    private func get(_ path: String, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try app.get(path, headers: headers)
    }

    /// Fails for each element of `code` missing from `document` (`missing` says it) and each of
    /// `document` missing from `code` (`extra`).
    private func assertSame(_ code: Set<String>, _ document: Set<String>, _ missing: (String) -> String, _ extra: (String) -> String,
                            file: StaticString = #filePath, line: UInt = #line) {
        for element in code.subtracting(document).sorted() { XCTFail(missing(element), file: file, line: line) }
        for element in document.subtracting(code).sorted() { XCTFail(extra(element), file: file, line: line) }
    }

    /// Every value in the document that satisfies `take`, with the key it stands under, anywhere.
    private func collect(_ take: (_ key: String, _ value: Any) -> [String]) throws -> Set<String> {
        var found = Set<String>()
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, member) in object {
                    found.formUnion(take(key, member))
                    walk(member)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try document())
        return found
    }

    // MARK: The document

    func testDocumentIsOpenAPI31JSON() throws {
        let document = try document()
        let version = try XCTUnwrap(document["openapi"] as? String, "no openapi member")
        XCTAssertNotNil(version.range(of: #"^3\.1\.\d+$"#, options: .regularExpression), "openapi is '\(version)', not 3.1.x")
        let info = try XCTUnwrap(document["info"] as? [String: Any], "no info object")
        XCTAssertFalse((info["title"] as? String ?? "").isEmpty, "info.title is empty")
        XCTAssertEqual(info["version"] as? String, GuidebookVersion.current, "info.version must be the build's version")
        XCTAssertNotNil(document["components"] as? [String: Any], "no components object")
    }

    func testRoutesAndDocumentedPathsAgree() throws {
        let routed = Set(app.guidebook.application.routes.map { "\($0.method) \($0.template)" })
        XCTAssertFalse(routed.isEmpty, "the application has no routes")
        var documented = Set<String>()
        for (method, path, _) in try operations() {
            if method == "HEAD" {
                // HEAD is answered by every GET route; a documented HEAD needs the GET behind it.
                XCTAssertTrue(routed.contains("GET \(path)"), "HEAD \(path) is documented but there is no GET route for it")
                continue
            }
            documented.insert("\(method) \(path)")
        }
        assertSame(routed, documented, { "route \($0) is served but not documented in openapi.json" },
                   { "operation \($0) is documented but the router has no such route" })
    }

    func testEveryOperationHasAnIdResponsesAndItsPathParameters() throws {
        let document = try document()
        var seenIDs: [String: String] = [:]
        let items = try paths()
        for (method, path, operation) in try operations() {
            let name = "\(method) \(path)"
            let operationID = operation["operationId"] as? String ?? ""
            XCTAssertFalse(operationID.isEmpty, "\(name) has no operationId")
            // Generators make one API class per tag: an operation with two is generated twice, and
            // the TypeScript client's index then exports its request type twice.
            XCTAssertEqual((operation["tags"] as? [String])?.count, 1, "\(name) has not exactly one tag")
            if let other = seenIDs[operationID] { XCTFail("operationId '\(operationID)' is used by \(other) and \(name)") }
            seenIDs[operationID] = name
            let responses = operation["responses"] as? [String: Any] ?? [:]
            XCTAssertFalse(responses.isEmpty, "\(name) documents no response")
            for status in responses.keys {
                XCTAssertTrue(status == "default" || status.range(of: #"^[1-5]([0-9]{2}|XX)$"#, options: .regularExpression) != nil,
                              "\(name) has a response key '\(status)' that is not a status code")
            }

            // Each {name} in the template is declared as a path parameter, on the path item or the operation.
            let declared = try ((items[path]?["parameters"] as? [Any] ?? []) + (operation["parameters"] as? [Any] ?? []))
                .map { try resolve($0, in: document) }
                .filter { $0["in"] as? String == "path" }
                .compactMap { $0["name"] as? String }
            let templated = path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
            XCTAssertEqual(Set(declared), Set(templated), "\(name): path parameters declared \(declared.sorted()), template has \(templated.sorted())")
        }
    }

    func testEveryReferenceResolves() throws {
        let document = try document()
        var references: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(document)
        XCTAssertFalse(references.isEmpty)
        for reference in Set(references).sorted() {
            XCTAssertNoThrow(try resolve(["$ref": reference], in: document), "\(reference) does not resolve")
        }
    }

    /// The refusals the HTTP server and the path screening give before any route runs are
    /// documented on every operation they can reach: 414 and 431 on all, and 400 (a control
    /// character in a percent-decoded path segment) on every operation with a path parameter.
    func testEveryOperationDocumentsTheRefusalsMadeBeforeRouting() throws {
        for (method, path, operation) in try operations() {
            let statuses = Set((operation["responses"] as? [String: Any] ?? [:]).keys)
            var expected: Set<String> = ["414", "431"]
            if path.contains("{") { expected.insert("400") }
            XCTAssertEqual(expected.subtracting(statuses), [], "\(method) \(path) does not document every refusal made before routing")
        }
        // The 400 is real on such an operation (the one the API fuzzing found undocumented).
        let refused = try get("/v1/guidelines/sheets.mail-compose/translations/%01/memory")
        try assertProblem(refused, status: 400)
    }

    /// A schema that requires a member describes it: generated clients type an object by its
    /// `properties`, and openapi-generator warns for every required name it cannot find there.
    /// (An object whose members are all alike, `additionalProperties`, may require names without listing them.)
    func testEveryRequiredMemberOfASchemaIsDescribed() throws {
        var undescribed: [String] = []
        func walk(_ value: Any, at path: String) {
            if let object = value as? [String: Any] {
                if let required = object["required"] as? [String], object["additionalProperties"] == nil,
                   object["allOf"] == nil, object["oneOf"] == nil, object["anyOf"] == nil {
                    let described = Set((object["properties"] as? [String: Any] ?? [:]).keys)
                    for name in required where !described.contains(name) { undescribed.append("\(path): \(name)") }
                }
                for (key, child) in object { walk(child, at: path + "/" + key) }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { walk(child, at: "\(path)/\(index)") }
            }
        }
        walk(try document(), at: "#")
        XCTAssertEqual(undescribed, [], "required members with no schema")
    }

    /// Follows a local `$ref` (`#/components/...`); other values are returned as they are.
    private func resolve(_ value: Any, in document: [String: Any]) throws -> [String: Any] {
        var object = try XCTUnwrap(value as? [String: Any], "not an object: \(value)")
        var hops = 0
        while let reference = object["$ref"] as? String {
            guard reference.hasPrefix("#/"), hops < 16 else { throw ContractError.unresolved(reference) }
            var target: Any = document
            for token in reference.dropFirst(2).split(separator: "/") {
                let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                guard let next = (target as? [String: Any])?[key] else { throw ContractError.unresolved(reference) }
                target = next
            }
            guard let resolved = target as? [String: Any] else { throw ContractError.unresolved(reference) }
            object = resolved
            hops += 1
        }
        return object
    }

    private enum ContractError: Error { case unresolved(String) }

    // MARK: Served

    func testServesTheDocument() throws {
        let response = try get("/openapi.json")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type")?.split(separator: ";").first.map(String.init), "application/json")
        XCTAssertEqual(response.body, OpenAPIDocument.bytes, "the served document is not the source")
        let file = try Data(contentsOf: URL(fileURLWithPath: TestGuidebook.packageRoot + "/Sources/GuidebookAPI/OpenAPI/openapi.json"))
        // openapi.json as it is, less the whitespace between its tokens: the same document, in the same order.
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(response.body)) as? NSDictionary,
                       try JSONSerialization.jsonObject(with: file) as? NSDictionary, "the served document is not openapi.json")
        XCTAssertFalse(response.body.contains(UInt8(ascii: "\n")), "no line breaks are served")
        XCTAssertLessThan(response.body.count, file.count * 9 / 10, "the served document is compact")
        let strings = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self).components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element) }
        XCTAssertEqual(strings(response.body), strings([UInt8](file)), "every string (keys included) is kept byte for byte and in its order")
        let etag = try XCTUnwrap(response.header("ETag"), "no ETag")
        XCTAssertEqual(try get("/openapi.json", headers: [("If-None-Match", etag)]).status, 304)
    }

    // MARK: What the code produces is described

    func testEveryProblemTypeTheCodeProducesIsDescribedAndNoOther() throws {
        // The Problem schema lists every type and each error response names its own, all as
        // `"x-problem-types": [...]`: `type` itself is an open string, so that a client generated
        // from this document still reads a problem of a kind added later.
        let kinds = Set(Problem.Kind.allCases.map(\.typeURI))
        let schemas = try XCTUnwrap((try document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let problemType = try XCTUnwrap(((schemas["Problem"] as? [String: Any])?["properties"] as? [String: Any])?["type"] as? [String: Any])
        XCTAssertEqual(problemType["type"] as? String, "string")
        XCTAssertNil(problemType["enum"], "an enum would make generated clients fail on a problem type they do not know")
        XCTAssertEqual(Set(problemType["x-problem-types"] as? [String] ?? []), kinds, "the Problem schema lists every kind the code has")
        var named = Set<String>()
        var counted = 0
        for response in try problemResponses() {
            counted += 1
            let types = response["x-problem-types"] as? [String] ?? []
            XCTAssertFalse(types.isEmpty, "an error response names no problem type: \(response["description"] ?? "")")
            named.formUnion(types)
        }
        XCTAssertGreaterThan(counted, 10)
        // A 500 is a bug: no operation documents it, so only the Problem schema names its kind.
        assertSame(kinds.subtracting([Problem.Kind.internalError.typeURI]), named,
                   { "the code produces the problem type \($0), but no response in openapi.json describes it" },
                   { "openapi.json describes the problem type \($0), which the code never produces" })
    }

    /// Every response object (in components and in operations) whose content is `application/problem+json`.
    private func problemResponses() throws -> [[String: Any]] {
        let document = try document()
        var responses = ((document["components"] as? [String: Any])?["responses"] as? [String: Any] ?? [:]).values.compactMap { $0 as? [String: Any] }
        for (_, _, operation) in try operations() {
            responses += (operation["responses"] as? [String: Any] ?? [:]).values.compactMap { $0 as? [String: Any] }.filter { $0["$ref"] == nil }
        }
        return responses.filter { (($0["content"] as? [String: Any])?["application/problem+json"]) != nil }
    }

    func testEveryErrorIsOneProblemModel() throws {
        // One schema for every error, referenced as it is: generators then give every error answer
        // one model (an inline `allOf` per response made a model per response).
        for response in try problemResponses() {
            let content = try XCTUnwrap((response["content"] as? [String: Any])?["application/problem+json"] as? [String: Any])
            XCTAssertEqual(content["schema"] as? [String: String], ["$ref": "#/components/schemas/Problem"],
                           "\(response["description"] ?? ""): the problem schema is not just the Problem")
        }
    }

    func testEachErrorResponseNamesTheKindsOfItsStatus() throws {
        let document = try document()
        let statusOfKind = Dictionary(uniqueKeysWithValues: Problem.Kind.allCases.map { ($0.typeURI, $0.status) })
        for (method, path, operation) in try operations() {
            for (status, value) in operation["responses"] as? [String: Any] ?? [:] {
                for kind in try resolve(value, in: document)["x-problem-types"] as? [String] ?? [] {
                    XCTAssertEqual(statusOfKind[kind].map(String.init), status, "\(method) \(path) \(status) names \(kind)")
                }
            }
        }
    }

    func testEveryWriteDeclaresTheUnavailableProblem() throws {
        // A busy server, and later a read replica, refuse writes with 503: every write declares it so
        // that generated clients read it as a Problem.
        for (method, path, operation) in try operations() where ["POST", "PUT", "PATCH", "DELETE"].contains(method) {
            let unavailable = (operation["responses"] as? [String: Any])?["503"] as? [String: Any]
            XCTAssertEqual(unavailable?["$ref"] as? String, "#/components/responses/Unavailable", "\(method) \(path) declares no 503")
        }
    }

    func testAnswersThatDependOnLangAreDiscriminatedUnionsOfCompleteSchemas() throws {
        // `lang` chooses one of two shapes; a generator can only type such an answer when it is a
        // oneOf of complete schemas and something in the body says which (`locale_mode`).
        let schemas = try XCTUnwrap((try document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var unions = 0
        for (name, value) in schemas {
            guard let schema = value as? [String: Any], let branches = schema["oneOf"] as? [[String: Any]] else { continue }
            let references = branches.compactMap { $0["$ref"] as? String }
            // `oneOf` with `null` (a nullable member) is the only other use.
            if references.count < 2 { continue }
            unions += 1
            XCTAssertEqual(references.count, branches.count, "\(name): every branch is a named schema")
            let discriminator = try XCTUnwrap(schema["discriminator"] as? [String: Any], "\(name) has no discriminator")
            let property = try XCTUnwrap(discriminator["propertyName"] as? String)
            let mapping = try XCTUnwrap(discriminator["mapping"] as? [String: String], "\(name): no mapping")
            XCTAssertEqual(Set(mapping.values), Set(references), "\(name): the mapping names every branch")
            for (value, reference) in mapping {
                let branch = try XCTUnwrap(schemas[String(reference.split(separator: "/").last!)] as? [String: Any])
                XCTAssertEqual(branch["type"] as? String, "object", "\(reference) is a complete object schema")
                XCTAssertNil(branch["allOf"] ?? branch["oneOf"] ?? branch["anyOf"], "\(reference) is not composed")
                XCTAssertTrue((branch["required"] as? [String] ?? []).contains(property), "\(reference) requires \(property)")
                let constant = ((branch["properties"] as? [String: Any])?[property] as? [String: Any])?["const"] as? String
                XCTAssertEqual(constant, value, "\(reference): \(property) is the constant its mapping names")
            }
        }
        XCTAssertEqual(unions, 5, "AnyCategory, AnyTopicSummary, AnyTopic, AnySectionResource, AnyGuideline")
    }

    func testEveryMediaTypeTheCodeAnswersWithIsDescribedAndNoOther() throws {
        // Response content only: request bodies (imports) take other types.
        let document = try document()
        var documented = Set<String>()
        func walkResponses(_ value: Any) {
            guard let object = value as? [String: Any] else { return }
            if let content = object["content"] as? [String: Any] { documented.formUnion(content.keys) }
        }
        for (_, _, operation) in try operations() {
            for response in (operation["responses"] as? [String: Any] ?? [:]).values {
                walkResponses(try resolve(response, in: document))
            }
        }
        let components = document["components"] as? [String: Any] ?? [:]
        for response in (components["responses"] as? [String: Any] ?? [:]).values { walkResponses(response) }
        let api = Set(MediaType.allCases.map(\.rawValue))
        for type in api.subtracting(documented).sorted() {
            XCTFail("the API answers with \(type), but no response in openapi.json has that content")
        }
        // The routes that answer with types of their own (the web page) declare them.
        let declared = Set(app.guidebook.application.routes.flatMap(\.properties.producedMediaTypes))
        for type in documented.subtracting(api).subtracting(declared).sorted() {
            XCTFail("openapi.json describes a response as \(type), which the code never answers with")
        }
        // And every Content-Type the code sets is one of them.
        for type in MediaType.allCases {
            XCTAssertTrue(type.contentType.hasPrefix(type.rawValue), "\(type.contentType) is not \(type.rawValue)")
        }
    }

    func testTheNotAcceptableDescriptionTheCheckAndTheProblemUseOneList() throws {
        let components = try XCTUnwrap(try document()["components"] as? [String: Any])
        let notAcceptable = try XCTUnwrap((components["responses"] as? [String: Any])?["NotAcceptable"] as? [String: Any])
        let description = try XCTUnwrap(notAcceptable["description"] as? String)
        let listed = description.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.contains("/") }
        XCTAssertEqual(Array(listed.prefix(MediaType.acceptableRanges.count)), MediaType.acceptableRanges,
                       "the 406 description lists the ranges the check accepts, in order")
        let declared = app.guidebook.application.routes.flatMap(\.properties.producedMediaTypes)
        XCTAssertEqual(Set(listed.dropFirst(MediaType.acceptableRanges.count)), Set(declared),
                       "then those the routes declare (the web page's)")

        let refused = try get("/v1/topics", headers: [("Accept", "text/html")])
        XCTAssertEqual(refused.status, 406)
        let detail = try XCTUnwrap(try refused.jsonObject()["detail"] as? String)
        for range in MediaType.acceptableRanges {
            XCTAssertTrue(detail.contains(range), "the 406 detail does not name \(range): \(detail)")
            XCTAssertEqual(try get("/v1/topics", headers: [("Accept", "text/html, \(range)")]).status, 200, range)
            XCTAssertEqual(try get("/v1/topics", headers: [("Accept", "\(range);q=0")]).status, 406, range)
        }
    }

    // MARK: Served

    func testServesTheAPICatalog() throws {
        let response = try get("/.well-known/api-catalog")
        XCTAssertEqual(response.status, 200)
        let contentType = try XCTUnwrap(response.header("Content-Type"))
        XCTAssertTrue(contentType.hasPrefix("application/linkset+json"), "Content-Type was \(contentType)")
        XCTAssertTrue(contentType.contains("profile=\"https://www.rfc-editor.org/info/rfc9727\""), "Content-Type was \(contentType)")
        XCTAssertEqual(response.header("Link"), "</.well-known/api-catalog>; rel=\"api-catalog\"")
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let contexts = try XCTUnwrap(body["linkset"] as? [[String: Any]], "no linkset array")
        let descriptions = contexts.flatMap { $0["service-desc"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(descriptions.compactMap { $0["href"] as? String }, ["/openapi.json"])
        XCTAssertTrue(contexts.allSatisfy { $0["anchor"] is String }, "every link context needs an anchor")
    }
}
