import Foundation
import GuidebookBase
import GuidebookCore

/// The service's own endpoints: the liveness/readiness probes, and the index of links served at `/`.
struct ServiceController: Controller {
    let store: Store
    /// Whether readiness waits for the seed (false when the server was started empty on purpose).
    let requiresSeed: Bool
    /// Set on a read replica: readiness also waits for the lag to be within `maxLagSeconds`.
    var replica: ReplicaConfiguration?

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/livez", live, options: [.open])
        router.add("GET", "/readyz", ready, options: [.open])
    }

    /// The JSON index of links, which `GET /` answers to API clients (`WebController` owns the route).
    static func index(_ request: APIRequest) throws -> APIResponse {
        var json = JSONWriter()
        json.beginObject()
        json.field("name", "Guidebook")
        json.field("version", GuidebookVersion.current)
        json.object("links", [("categories", "/v1/categories"), ("topics", "/v1/topics"), ("guidelines", "/v1/guidelines"),
                              ("locales", "/v1/locales"), ("search", "/v1/search"), ("jobs", "/v1/jobs"), ("export", "/v1/export"),
                              ("openapi", "/openapi.json")])
        json.endObject()
        return .json(json)
    }

    private func live(_ request: APIRequest) throws -> APIResponse {
        var json = JSONWriter()
        json.beginObject()
        json.field("status", "alive")
        json.endObject()
        var response = APIResponse.json(json)
        response.isCacheable = false
        return response
    }

    private func ready(_ request: APIRequest) throws -> APIResponse {
        var reasons: [String] = []
        do {
            if requiresSeed, try store.isEmpty() { reasons.append("the knowledge base is empty (seed not loaded)") }
        } catch {
            reasons.append("the database cannot be read")
        }
        if let replica, let status = store.replicaStatus {
            // Without a heartbeat in the file (a primary not told it is replicated) the lag cannot be told.
            if let lag = status.lagSeconds(), lag > replica.maxLagSeconds {
                reasons.append("the replica is \(Int(lag.rounded())) s behind the primary, more than --max-lag \(replica.maxLagSeconds) s")
            }
        }
        var json = JSONWriter()
        json.beginObject()
        json.field("status", reasons.isEmpty ? "ready" : "not ready")
        json.key("reasons")
        json.beginArray()
        for reason in reasons { json.string(reason) }
        json.endArray()
        json.endObject()
        var response = APIResponse.json(json, status: reasons.isEmpty ? 200 : 503)
        response.isCacheable = false
        return response
    }
}
