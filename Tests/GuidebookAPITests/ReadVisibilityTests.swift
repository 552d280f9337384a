import Foundation
import GuidebookAPI
import GuidebookTestSupport
import XCTest

/// What a caller without the right token can learn: the page's deep links under `--auth-reads`
/// (nothing about what exists), and import jobs (a reader token, and an admin's for a dry run's
/// warnings, which quote the upload), unless `--public-jobs`.
final class ReadVisibilityTests: XCTestCase {
    /// With `--auth-reads`, `/topics/{slug}` and `/guidelines/{id}` answer the same page with the
    /// same status and bytes for what exists and what does not; with public reads a missing one is 404.
    func testDeepLinksRevealNothingWithAuthReads() throws {
        let closed = try TestApp(authentication: AuthenticationConfiguration(readsNeedToken: true,
                                                                             adminTokenDigest: TestGuidebook.defaultAuthentication.adminTokenDigest))
        defer { closed.stop() }
        let page = [("Accept", "text/html")]
        for (existing, missing) in [("/topics/sheets", "/topics/no-such-topic"), ("/guidelines/sheets.mail-compose", "/guidelines/no.such")] {
            let there = try closed.get(existing, headers: page), absent = try closed.get(missing, headers: page)
            XCTAssertEqual(there.status, 200, existing)
            XCTAssertEqual(absent.status, 200, "\(missing) must not say it does not exist")
            XCTAssertEqual(there.body, absent.body, "the same page for both")
            XCTAssertEqual(there.header("ETag"), absent.header("ETag"))
            XCTAssertEqual(try closed.get("/v1" + missing).status, 401, "the API still asks for the token")
        }
        let open = try makeTestApp()
        XCTAssertEqual(try open.get("/topics/no-such-topic", headers: page).status, 404, "public reads: a broken link is seen as one")
        XCTAssertEqual(try open.get("/topics/sheets", headers: page).status, 200)
    }

    /// Notes with a paragraph that has no Korean: the dry run's warning quotes it.
    private let notes = Array("""
        [iOS / HIG] Secret Sliders

        A slider is a horizontal track with a thumb.
        슬라이더는 가로 트랙입니다.

        ## Best Practices (모범 사례)

        - Confidential paragraph without any translation at all.

        """.utf8)

    func testJobsNeedAReaderTokenAndDryRunExcerptsAnAdmin() throws {
        let app = try makeTestApp()
        let reader = "Bearer " + (try AuthMatrixTests.createToken(app, name: "jobs-reader", role: "reader"))
        let id = try app.submitJob(notes, query: "format=notes&dry_run=true&name=secret-plans.txt", contentType: "text/plain")
        let final = try XCTUnwrap(try app.followJob(id).last)
        XCTAssertEqual(final["status"] as? String, "succeeded", "\(final)")
        let adminWarnings = ((final["result"] as? [String: Any])?["warnings"] as? [[String: Any]]) ?? []
        XCTAssertTrue(adminWarnings.contains { ($0["message"] as? String)?.contains("Confidential") == true }, "the admin sees the excerpt: \(final)")

        for target in ["/v1/jobs", "/v1/jobs/\(id)", "/v1/jobs/\(id)/events"] {
            let anonymous = try app.get(target)
            try assertProblem(anonymous, status: 401)
            XCTAssertFalse(anonymous.text.contains("secret-plans"), "\(target): \(anonymous.text)")
        }
        let asReader = try app.get("/v1/jobs/\(id)", headers: [("Authorization", reader)])
        XCTAssertEqual(asReader.status, 200, asReader.text)
        let result = try XCTUnwrap(try asReader.jsonObject()["result"] as? [String: Any])
        XCTAssertEqual((result["warnings"] as? [Any])?.count, 0, "a reader gets no excerpt")
        XCTAssertEqual(result["warnings_omitted"] as? Int, adminWarnings.count, "only their count")
        XCTAssertFalse(asReader.text.contains("Confidential"))
        let listed = try app.get("/v1/jobs", headers: [("Authorization", reader)])
        XCTAssertEqual(listed.status, 200)
        XCTAssertFalse(listed.text.contains("Confidential"), listed.text)
        let stream = try app.client().request("GET", "/v1/jobs/\(id)/events", headers: [("Authorization", reader)], timeoutSeconds: 10)
        XCTAssertEqual(stream.status, 200)
        XCTAssertTrue(stream.text.contains("event: done"))
        XCTAssertFalse(stream.text.contains("Confidential"), stream.text)
        // The admin's answer, asked after the reader's, still has them (no shared cached copy).
        XCTAssertTrue(try app.get("/v1/jobs/\(id)", headers: [TestGuidebook.adminHeader]).text.contains("Confidential"))
    }

    func testPublicJobsReadsJobsLikeTheKnowledgeBase() throws {
        let app = try TestApp { $0.publicJobs = true }
        defer { app.stop() }
        let id = try app.submitJob(notes, query: "format=notes&dry_run=true", contentType: "text/plain")
        XCTAssertEqual(try XCTUnwrap(try app.followJob(id).last)["status"] as? String, "succeeded")
        let anonymous = try app.get("/v1/jobs/\(id)")
        XCTAssertEqual(anonymous.status, 200, anonymous.text)
        XCTAssertTrue(anonymous.text.contains("Confidential"), "--public-jobs shows the excerpts")
        XCTAssertEqual(try app.get("/v1/jobs").status, 200)
    }
}
